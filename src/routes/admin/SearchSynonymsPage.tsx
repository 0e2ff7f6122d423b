import { BarChart3, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { foldText } from '../../../shared/domain/search/fold';
import { MAX_SYNONYM_GROUPS } from '../../../shared/schemas/search-synonyms.schema';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { SynonymDialog, SynonymText, type Synonym, type SynonymDraft } from '../../features/admin/search/SynonymDialog';
import { Badge, EmptyState, ErrorBox, PageHeader, errorText, inputClass } from '../../features/admin/ui';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Search synonyms (decision 0173): the local names buyers type, kept by the owner; a change applies at once. */
export default function SearchSynonymsPage() {
  const utils = trpc.useUtils();
  const list = trpc.admin.search.synonyms.useQuery();
  const remove = trpc.admin.search.deleteSynonym.useMutation();
  const [draft, setDraft] = useState<SynonymDraft | null>(null);
  const [filter, setFilter] = useState('');

  async function onDelete(s: Synonym) {
    if (!window.confirm(`Delete this synonym group?\n\n${label(s)}`)) return;
    try {
      await remove.mutateAsync({ id: s.id });
      toast.success('Synonym group deleted');
      await utils.admin.search.synonyms.invalidate();
    } catch (err) {
      toast.error(`Failed to delete synonym group: ${errorText(err)}`);
    }
  }

  const wanted = foldText(filter);
  const rows = (list.data ?? []).filter((s) => !wanted || [s.from_term ?? '', ...s.terms].some((t) => t.includes(wanted)));
  const full = (list.data?.length ?? 0) >= MAX_SYNONYM_GROUPS;
  return (
    <div>
      <PageHeader
        title="Search synonyms"
        subtitle="Words buyers type for what the shop sells. A change applies to every search at once."
        actions={
          <>
            <ButtonLink to="/admin/reports/search" variant="outline">
              <BarChart3 className="h-4 w-4" aria-hidden /> What buyers search for
            </ButtonLink>
            <Button onClick={() => setDraft({ kind: 'two_way' })} disabled={full} title={full ? `At most ${MAX_SYNONYM_GROUPS} groups` : undefined}>
              <Plus className="h-4 w-4" aria-hidden /> Add synonym
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-3 text-sm text-slate-600 sm:grid-cols-2">
        <p className="rounded-xl border border-slate-200 bg-white p-3">
          <Badge tone="emerald">Two-way</Badge> <span className="font-medium text-slate-900">courier bag = mailing bag = polymailer</span>
          <span className="mt-1 block text-xs">Each term finds what any of the others finds.</span>
        </p>
        <p className="rounded-xl border border-slate-200 bg-white p-3">
          <Badge tone="sky">One-way</Badge> <span className="font-medium text-slate-900">mailer → polymailer</span>
          <span className="mt-1 block text-xs">A search for mailer also finds polymailers; polymailer does not find everything called mailer.</span>
        </p>
      </div>
      <label className="relative mb-4 block max-w-sm">
        <span className="sr-only">Find a word</span>
        <Search className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Find a word..." className={`${inputClass} pl-9`} />
      </label>
      {list.error ? (
        <ErrorBox message={`Failed to load synonyms: ${errorText(list.error)}`} onRetry={() => list.refetch()} />
      ) : list.isLoading ? (
        <Spinner label="Loading synonyms..." />
      ) : rows.length === 0 ? (
        <EmptyState title={filter ? 'No group has that word' : 'No synonyms yet'} text={filter ? undefined : 'Add the names buyers use for your products.'} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Synonym groups">
          {rows.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3" data-testid="synonym-row">
              <Badge tone={s.kind === 'two_way' ? 'emerald' : 'sky'}>{s.kind === 'two_way' ? 'Two-way' : 'One-way'}</Badge>
              <p className="min-w-0 flex-1 basis-48 break-words text-sm">
                <SynonymText kind={s.kind} from={s.from_term} terms={s.terms} />
              </p>
              <div className="flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setDraft({ synonym: s })} aria-label={`Edit ${label(s)}`}>
                  <Pencil className="h-4 w-4" aria-hidden /> Edit
                </Button>
                <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onDelete(s)} aria-label={`Delete ${label(s)}`}>
                  <Trash2 className="h-4 w-4" aria-hidden /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-slate-500">
        {list.data ? `${list.data.length} of at most ${MAX_SYNONYM_GROUPS} groups. ` : ''}Terms are kept as search reads them: lower case, without accents or punctuation.
      </p>
      <SynonymDialog
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={async () => {
          setDraft(null);
          await utils.admin.search.synonyms.invalidate();
        }}
      />
    </div>
  );
}

const label = (s: Synonym) => (s.kind === 'one_way' ? `${s.from_term} → ${s.terms.join(', ')}` : s.terms.join(' = '));
