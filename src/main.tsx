import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getGuestId } from './lib/session';
import './index.css';

// Made (or a stale short one replaced, with the chat it owned) before any component reads the tab's storage.
getGuestId();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
