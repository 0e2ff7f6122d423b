import { registerHttpRoutes } from '../http-routes';
import { documentRestPaths } from '../rest/extra-paths';
import { documentsPaths, documentsRouter } from '../rest/documents.routes';

// Temporary mount on this branch so that the PDFs work end to end; the lead mounts
// server/rest/documents.routes.ts in the new HTTP edge at merge and deletes this file.
registerHttpRoutes((app, deps) => app.use('/api', documentsRouter(deps)));
documentRestPaths(() => documentsPaths as never);
