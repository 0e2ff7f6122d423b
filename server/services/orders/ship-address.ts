// An order's shipping address, kept on the order as it was at placement (the `ship*` columns): made
// from the checkout's address, and shown in two forms: the API's object, and the lines printed on
// invoices, credit notes and packing slips.
import { addressColumns } from '../../../shared/domain/address';

export interface ShipColumns {
  shipFullName: string;
  shipPhone: string;
  shipLine1: string;
  shipLine2: string | null;
  shipUnit: string | null;
  shipPostalCode: string;
  shipCity: string;
  shipState: string;
  shipCountry: string;
}

/** The columns an order keeps of the address given at checkout, stored as a saved address is (blanks as null). */
export function shipColumnsOf(address: Parameters<typeof addressColumns>[0]): ShipColumns {
  const a = addressColumns(address);
  return {
    shipFullName: a.fullName, shipPhone: a.phone,
    shipLine1: a.addressLine1, shipLine2: a.addressLine2, shipUnit: a.unit,
    shipPostalCode: a.postalCode, shipCity: a.city, shipState: a.state, shipCountry: a.country,
  };
}

/** `shipping_address` in order answers (REST and tRPC, buyer's and back office's). */
export const shippingAddressOf = (o: ShipColumns) => ({
  full_name: o.shipFullName,
  phone: o.shipPhone,
  address_line1: o.shipLine1,
  address_line2: o.shipLine2,
  unit: o.shipUnit,
  postal_code: o.shipPostalCode,
  city: o.shipCity,
  state: o.shipState,
  country: o.shipCountry,
});

/** The street (line 1, unit, line 2), the city line with the country's name, and the phone: as printed. */
export const shipAddressLines = (o: ShipColumns): string[] => [
  [o.shipLine1, o.shipUnit, o.shipLine2].filter(Boolean).join(', '),
  `${o.shipCity} ${o.shipPostalCode}, ${o.shipCountry === 'MY' ? 'Malaysia' : 'Singapore'}`,
  o.shipPhone,
];
