import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from '../../lib/router';
import { Spinner } from '../../components/ui/Spinner';
import { PageHeader } from '../../features/admin/ui';
import { ApiKeysSection } from './ApiKeysSection';
import { BackupsSection } from './BackupsSection';

// Loaded when Settings opens, so the rest of the back office does not carry it.
const WebhooksSection = lazy(() => import('../../features/admin/webhooks/WebhooksSection'));

/** Admin settings. Shop-wide rules live with what they govern (tiers with products); this page holds integrations and backups. */
export default function SettingsPage() {
  const { hash } = useLocation();
  // /admin/settings#backups (the dashboard's warning) opens at that section.
  useEffect(() => {
    if (hash === '#backups') document.getElementById('backups')?.scrollIntoView();
  }, [hash]);
  return (
    <div>
      <PageHeader title="Settings" subtitle="Integrations, access and backups" />
      <ApiKeysSection />
      <Suspense fallback={<Spinner label="Loading webhooks..." />}>
        <WebhooksSection />
      </Suspense>
      <div id="backups">
        <BackupsSection />
      </div>
    </div>
  );
}
