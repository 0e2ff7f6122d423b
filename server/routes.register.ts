// Side-effect imports that register plain Express routes (see http-routes.ts). One line per area.
export {};
import './http/catalog.http';
import './http/seo.http';
import './http/admin-upload.http';
import './http/documents.http';
