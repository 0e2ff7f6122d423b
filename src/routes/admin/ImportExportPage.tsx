import { ExportPanel } from '../../features/admin/csv/ExportPanel';
import { ImportPanel } from '../../features/admin/csv/ImportPanel';
import { PageHeader } from '../../features/admin/ui';

/** CSV in and out of the back office: the same files and rules as the /api routes integrators call. */
export default function ImportExportPage() {
  return (
    <div className="space-y-8">
      <PageHeader title="Import / Export" subtitle="Spreadsheets in and out: products, orders, the stock ledger, and stock counts." />
      <ExportPanel />
      <ImportPanel />
    </div>
  );
}
