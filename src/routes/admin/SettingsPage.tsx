import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { PageHeader } from '../../features/admin/ui';
import { ApiKeysSection } from './ApiKeysSection';

// Loaded when Settings opens, so the rest of the back office does not carry it.
const WebhooksSection = lazy(() => import('../../features/admin/webhooks/WebhooksSection'));

/** Admin settings. Shop-wide rules live with what they govern (tiers with products); this page holds integrations. */
export default function SettingsPage() {
  return (
    <div>
      <PageHeader title="Settings" subtitle="Integrations and access" />
      <ApiKeysSection />
      <Suspense fallback={<Spinner label="Loading webhooks..." />}>
        <WebhooksSection />
      </Suspense>
    </div>
  );
}
