import { labelClass } from '../ui';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from './labels';

/** The events an endpoint receives, as checkboxes with what each means. */
export function EventPicker({ value, onChange }: { value: WebhookEvent[]; onChange(next: WebhookEvent[]): void }) {
  const toggle = (e: WebhookEvent) => onChange(value.includes(e) ? value.filter((x) => x !== e) : [...value, e]);
  return (
    <fieldset>
      <legend className={labelClass}>Events</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e} className="flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
            <input type="checkbox" checked={value.includes(e)} onChange={() => toggle(e)} className="mt-0.5 h-4 w-4 accent-emerald-600" />
            <span>
              <span className="font-mono text-xs text-slate-900">{e}</span>
              <span className="block text-slate-500">{WEBHOOK_EVENT_LABELS[e]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
