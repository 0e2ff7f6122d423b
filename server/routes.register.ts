// Side-effect imports that register plain Express routes (see http-routes.ts). One line per area.
export {};
