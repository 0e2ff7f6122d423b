// Side-effect imports that register plain Express routes (see http-routes.ts). One line per area.
export {};
import './http/catalog.http';
import './http/admin-upload.http';
