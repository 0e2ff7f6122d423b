import { MailIcon, MapPinIcon } from '../ui/inline-icons';
import { Link } from '../../lib/router';
import { SHOP_EMAIL, SHOP_NAME } from '../../../shared/constants';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">{SHOP_NAME}</p>
          <p className="mt-3 text-sm leading-6">
            Your trusted partner for high-quality polymailer bags, with fast shipping, competitive prices and exceptional service.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link to="/products" className="hover:text-white">Products</Link></li>
            <li><Link to="/about" className="hover:text-white">About Us</Link></li>
            <li><Link to="/contact" className="hover:text-white">Contact</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Customer Service</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link to="/shipping" className="hover:text-white">Shipping &amp; Returns</Link></li>
            <li><Link to="/faq" className="hover:text-white">FAQ</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <MailIcon className="h-4 w-4" />
              <a href={`mailto:${SHOP_EMAIL}`} className="hover:text-white">{SHOP_EMAIL}</a>
            </li>
            <li className="flex items-center gap-2">
              <MapPinIcon className="h-4 w-4" /> Singapore
            </li>
          </ul>
        </div>
      </div>
      {/* Room under the last line on a phone, where the chat button can sit over nothing. */}
      <div className="border-t border-slate-800 pb-24 pt-4 text-center text-xs text-slate-400 sm:pb-4">
        © {new Date().getFullYear()} {SHOP_NAME}. All rights reserved.
      </div>
    </footer>
  );
}
