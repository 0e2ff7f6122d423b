import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      {/* address-banner */}
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {/* chat-widget */}
    </div>
  );
}
