// Couriers staff pick from when shipping, so shoppers can follow their parcel: a known courier
// turns the tracking number into a link to its tracking page; "other" keeps it as plain text.
export const COURIERS = [
  { id: 'singpost', name: 'Singapore Post', url: 'https://www.singpost.com/track-items?trackingid=' },
  { id: 'ninjavan', name: 'Ninja Van', url: 'https://www.ninjavan.co/en-sg/tracking?id=' },
  { id: 'jt', name: 'J&T Express', url: 'https://www.jtexpress.sg/tracking?billcodes=' },
  { id: 'dhl', name: 'DHL', url: 'https://www.dhl.com/sg-en/home/tracking/tracking-express.html?submit=1&tracking-id=' },
] as const;

export type CourierId = (typeof COURIERS)[number]['id'];
export const COURIER_IDS = COURIERS.map((c) => c.id) as [CourierId, ...CourierId[]];

export function courierName(id: string | null | undefined): string | null {
  return COURIERS.find((c) => c.id === id)?.name ?? null;
}

/** The courier's tracking page for this number, or null when the courier is unknown. */
export function trackingUrl(courier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const c = COURIERS.find((x) => x.id === courier);
  if (!c || !trackingNumber) return null;
  return c.url + encodeURIComponent(trackingNumber.trim());
}
