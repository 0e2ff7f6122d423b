import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { matchPageRoute, NavLink, Routes, StaticRouter, useLocation, useParams, useSearchParams, type PageRoute } from '../../src/lib/router';

// src/lib/router.tsx (decision 0152): the route tables match as they did under react-router, and
// what the server renders at a URL is what the pages read (params, query, active links).

const table = (...paths: string[]): PageRoute[] => paths.map((path) => ({ path, element: path }));

describe('matchPageRoute', () => {
  const routes = table('/', '/products', '/products/:id', '/products/:id/:slug', '/admin/*?', '*');
  const at = (pathname: string) => matchPageRoute(routes, pathname)?.path;

  it('takes the first matching line, with a trailing slash and any letter case', () => {
    expect(at('/')).toBe('/');
    expect(at('/products')).toBe('/products');
    expect(at('/Products/')).toBe('/products');
    expect(at('/products/p1')).toBe('/products/:id');
    expect(at('/products/p1/bubble-mailer')).toBe('/products/:id/:slug');
  });

  it('sends /admin and everything below it to the back office, anything else to the catch-all', () => {
    expect(at('/admin')).toBe('/admin/*?');
    expect(at('/admin/reports/sales')).toBe('/admin/*?');
    expect(at('/administrator')).toBe('*');
    expect(at('/products/p1/slug/more')).toBe('*');
  });
});

function Probe() {
  const { id, slug } = useParams();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  return h('p', null, `${id}|${slug}|${pathname}|${search}|${params.get('q')}`);
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

function render(url: string) {
  return renderToString(
    h(StaticRouter, {
      url,
      children: [
        h(NavLink, { key: 'home', to: '/', end: true, className: navClass }, 'Home'),
        h(NavLink, { key: 'products', to: '/products?category=mailers', className: navClass }, 'Products'),
        h(Routes, { key: 'routes', routes: [{ path: '/products/:id/:slug', element: h(Probe) }, { path: '*', element: h('p', null, 'other') }] }),
      ],
    }),
  );
}

describe('StaticRouter', () => {
  it('renders the matching page with its params, path and query', () => {
    const html = render('/products/p1/bubble-mailer?q=bubble%20wrap');
    expect(html).toContain('p1|bubble-mailer|/products/p1/bubble-mailer|?q=bubble%20wrap|bubble wrap');
  });

  it('marks the links to the page shown: `end` only on the path itself, else the path and below', () => {
    const html = render('/products/p1/bubble-mailer');
    expect(html).toContain('<a class="off" href="/">Home</a>');
    expect(html).toContain('<a aria-current="page" class="on" href="/products?category=mailers">Products</a>');
    expect(render('/')).toContain('<a aria-current="page" class="on" href="/">Home</a>');
    expect(render('/')).toContain('<p>other</p>');
  });
});
