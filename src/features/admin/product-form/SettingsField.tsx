import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { newSettingValueError } from '../../../../shared/schemas/settings.schema';
import { inputClass, labelClass } from '../ui';

interface Props {
  label: 'color' | 'type' | 'category';
  title: string;
  value: string;
  options: string[];
  disabled?: boolean;
  onChange(value: string): void;
  /** Saves the whole list; resolves false when the server refused. */
  onSaveList(values: string[]): Promise<boolean>;
}

/** A select whose list staff can extend and prune; the selected value cannot be removed. */
export function SettingsField({ label, title, value, options, disabled, onChange, onSaveList }: Props) {
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const [managing, setManaging] = useState(false);

  async function add() {
    const error = newSettingValueError(label, draft, options);
    if (error) return void toast.error(error);
    const v = draft.trim().toLowerCase();
    if (await onSaveList([...options, v])) {
      onChange(v);
      setDraft('');
      setAdding(false);
    }
  }

  async function remove(v: string) {
    if (v === value) return void toast.error(`The selected ${label} cannot be deleted`);
    await onSaveList(options.filter((o) => o !== v));
  }

  return (
    <div>
      <div className="flex items-center justify-between">
        <label className={labelClass} htmlFor={`pf-${label}`}>{title}</label>
        <div className="flex gap-2 text-xs">
          <button type="button" onClick={() => setAdding((a) => !a)} className="font-semibold text-emerald-700 hover:underline" disabled={disabled}>
            + New
          </button>
          <button type="button" onClick={() => setManaging((m) => !m)} className="font-semibold text-slate-500 hover:underline" disabled={disabled}>
            {managing ? 'Done' : 'Manage'}
          </button>
        </div>
      </div>
      <select id={`pf-${label}`} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} className={`${inputClass} capitalize disabled:bg-slate-100`}>
        {!options.includes(value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o} value={o}>{o}</option>
        ))}
      </select>
      {adding && (
        <div className="mt-2 flex gap-2">
          <input value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void add())} placeholder={`New ${label}`} aria-label={`New ${label}`} className={`${inputClass} mt-0`} autoFocus />
          <button type="button" onClick={add} aria-label={`Add ${label}`} className="rounded-lg bg-emerald-600 px-3 text-white hover:bg-emerald-700">
            <Plus className="h-4 w-4" />
          </button>
        </div>
      )}
      {managing && (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {options.map((o) => (
            <li key={o} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-xs capitalize text-slate-700">
              {o}
              <button type="button" onClick={() => remove(o)} disabled={o === value} title={o === value ? 'In use by this product' : `Remove ${o}`} aria-label={`Remove ${o}`} className="rounded-full p-0.5 hover:bg-slate-200 disabled:opacity-30">
                <X className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
