import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AddressBanner } from '../../features/account/AddressBanner';
import { Footer } from './Footer';
import { Header } from './Header';

// The chat widget is its own chunk, so it never weighs on the storefront's first load.
const ChatWidget = lazy(() => import('../../features/chat/ChatWidget'));

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <AddressBanner />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {/* chat-widget */}
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </div>
  );
}
