import { PageHeader } from '../../features/admin/ui';
import { ApiKeysSection } from './ApiKeysSection';

/** Admin settings. Shop-wide rules live with what they govern (tiers with products); this page holds integrations. */
export default function SettingsPage() {
  return (
    <div>
      <PageHeader title="Settings" subtitle="Integrations and access" />
      <ApiKeysSection />
    </div>
  );
}
