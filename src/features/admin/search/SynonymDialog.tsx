import { useEffect, useState } from 'react';
import { foldText } from '../../../../shared/domain/search/fold';
import { synonymProblem } from '../../../../shared/schemas/search-synonyms.schema';
import { toast } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { Modal, errorText, inputClass, labelClass } from '../ui';
import { FormActions } from '../../../components/ui/FormActions';

export type Synonym = RouterOutputs['admin']['search']['synonyms'][number];
type Kind = Synonym['kind'];

/** What the form opens with: a group to edit, or a new one (from the search report: a query buyers typed). */
export type SynonymDraft = { synonym: Synonym } | { kind: Kind; from_term?: string; terms?: string[] };

/** Terms as typed in the box: separated by commas or new lines. */
const splitTerms = (text: string) =>
  text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * Add or edit a synonym group (decision 0173). Two-way: every term finds what any other finds.
 * One-way: a search for one word also finds what the terms find. The server's own rule checks the
 * group before it is sent, so the words are the same either way.
 */
export function SynonymDialog({ draft, onClose, onSaved }: { draft: SynonymDraft | null; onClose(): void; onSaved(): void }) {
  const editing = draft && 'synonym' in draft ? draft.synonym : null;
  const [kind, setKind] = useState<Kind>('two_way');
  const [from, setFrom] = useState('');
  const [terms, setTerms] = useState('');
  const [error, setError] = useState('');
  const create = trpc.admin.search.createSynonym.useMutation();
  const update = trpc.admin.search.updateSynonym.useMutation();

  useEffect(() => {
    if (!draft) return;
    const start = 'synonym' in draft ? draft.synonym : { kind: draft.kind, from_term: draft.from_term ?? null, terms: draft.terms ?? [] };
    setKind(start.kind);
    setFrom(start.from_term ?? '');
    setTerms(start.terms.join(', '));
    setError('');
  }, [draft]);

  function switchKind(next: Kind) {
    // The searched word of a one-way rule becomes the first term of a two-way group, and back.
    if (next === 'two_way' && from.trim()) {
      setTerms([from.trim(), ...splitTerms(terms)].join(', '));
      setFrom('');
    } else if (next === 'one_way' && !from.trim()) {
      const [first, ...rest] = splitTerms(terms);
      setFrom(first ?? '');
      setTerms(rest.join(', '));
    }
    setKind(next);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { terms: splitTerms(terms), from_term: kind === 'one_way' ? from : null };
    const problem = body.terms.length === 0 ? 'Add at least one term' : synonymProblem(body.terms, body.from_term)?.message;
    if (problem) return setError(problem);
    setError('');
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...body });
      else await create.mutateAsync(body);
      toast.success(editing ? 'Synonym group updated' : 'Synonym group added');
      onSaved();
    } catch (err) {
      setError(errorText(err));
      toast.error(`Failed to save synonym group: ${errorText(err)}`);
    }
  }

  const preview = splitTerms(terms).map(foldText).filter(Boolean);
  const busy = create.isPending || update.isPending;
  return (
    <Modal title={editing ? 'Edit synonym group' : 'Add synonym group'} open={draft !== null} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset>
          <legend className={labelClass}>Kind</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(
              [
                ['two_way', 'Two-way', 'All the terms mean the same: each finds what the others find.'],
                ['one_way', 'One-way', 'A search for one word also finds what the terms find, not the other way round.'],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm ${kind === value ? 'border-emerald-500 bg-emerald-50' : 'border-slate-200'}`}>
                <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => switchKind(value)} className="mt-0.5" />
                <span>
                  <span className="font-semibold text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'one_way' && (
          <label className={labelClass}>
            When a buyer searches for
            <input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="mailer" className={inputClass} maxLength={200} />
          </label>
        )}
        <label className={labelClass}>
          {kind === 'one_way' ? 'Also find (separate terms with commas)' : 'Terms that mean the same (separate with commas)'}
          <textarea value={terms} onChange={(e) => setTerms(e.target.value)} rows={3} placeholder={kind === 'one_way' ? 'polymailer' : 'courier bag, mailing bag, polymailer'} className={inputClass} />
        </label>
        {preview.length > 0 && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
            <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Searches as </span>
            <SynonymText kind={kind} from={kind === 'one_way' ? foldText(from) : null} terms={[...new Set(preview)]} />
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <FormActions onCancel={onClose} busy={busy} saveLabel={editing ? 'Save group' : 'Add group'} />
      </form>
    </Modal>
  );
}

/** "courier bag = mailing bag = polymailer" or "mailer → polymailer": the group as search reads it. */
export function SynonymText({ kind, from, terms }: { kind: Kind; from: string | null; terms: string[] }) {
  if (kind === 'one_way')
    return (
      <span className="font-medium text-slate-900">
        {from || '…'}{' '}
        <span role="img" aria-label="also finds" className="text-emerald-700">
          →
        </span>{' '}
        {terms.join(', ')}
      </span>
    );
  return <span className="font-medium text-slate-900">{terms.join(' = ')}</span>;
}
