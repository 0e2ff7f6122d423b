import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { trpc } from '../../../lib/trpc';
import { SynonymDialog, type SynonymDraft } from '../search/SynonymDialog';
import { ErrorBox, errorText } from '../ui';
import { CsvButton, Figure, RangePicker, ReportTable, useReportRange, ReportSection, whole, type Column } from './report-ui';

const qsOf = (r: { from: string; to: string }) => `from=${r.from}&to=${r.to}`;

/** Both lists of searches: what was typed and how often, then one column of the list's own. */
function SearchesTable<T extends { query: string; searches: number }>({ caption, rows, empty, timesLabel, last }: { caption: string; rows: T[]; empty: string; timesLabel: string; last: Column<T> }) {
  const columns: Column<T>[] = [{ label: 'Search', value: (r) => r.query }, { label: timesLabel, value: (r) => whole(r.searches), numeric: true }, last];
  return <ReportTable caption={caption} titled rows={rows} rowKey={(r) => r.query} empty={empty} columns={columns} />;
}

/**
 * What buyers searched for (decision 0173): the most searched queries and those that found nothing,
 * each of the latter one click from a synonym that would make it find something.
 */
export function SearchReport() {
  const state = useReportRange();
  const query = trpc.admin.reports.search.useQuery(state.range, { placeholderData: (prev) => prev });
  const [draft, setDraft] = useState<SynonymDraft | null>(null);
  const d = query.data;
  return (
    <ReportSection id="search" title="Search">
      <RangePicker state={state} compared={false}>
        <CsvButton path={`/admin/reports/search?${qsOf(state.range)}&format=csv`} name="searches.csv" />
        <ButtonLink to="/admin/search" variant="outline" size="sm">
          Search synonyms
        </ButtonLink>
      </RangePicker>
      {query.error && <ErrorBox message={errorText(query.error)} onRetry={() => query.refetch()} />}
      {d && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Searches" value={d.total_searches} testId="search-total" />
            <Figure label="Found nothing" value={d.total_zero_results} />
          </div>
          <div className="mt-4 grid items-start gap-4 xl:grid-cols-2 [&>*]:min-w-0">
            <SearchesTable
              caption="Top searches"
              rows={d.top_searches}
              empty="No searches in this period."
              timesLabel="Searches"
              last={{ label: 'Found nothing', value: (r) => whole(r.zero_results), numeric: true }}
            />
            <SearchesTable
              caption="Searches that found nothing"
              rows={d.zero_result_searches}
              empty="Every search found something."
              timesLabel="Times"
              last={{
                label: 'Fix',
                value: (r) => (
                  <Button variant="outline" size="sm" onClick={() => setDraft({ kind: 'one_way', from_term: r.query })} aria-label={`Add synonym for ${r.query}`}>
                    <Plus className="h-4 w-4" aria-hidden /> Add synonym
                  </Button>
                ),
              }}
            />
          </div>
          <p className="mt-3 text-xs text-slate-500">
            Searches of the product listing, counted by what was typed (lower case, without punctuation), never by who typed it; text that looks like an e-mail address or a phone number is not counted. Days are Singapore days; new searches show within a minute.
          </p>
        </>
      )}
      <SynonymDialog draft={draft} onClose={() => setDraft(null)} onSaved={() => setDraft(null)} />
    </ReportSection>
  );
}
