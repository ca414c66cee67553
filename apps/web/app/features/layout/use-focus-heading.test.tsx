// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigate } from './use-focus-heading';

afterEach(cleanup);

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  return (
    <>
      <nav>
        <Link to="/one">One</Link>
        <Link to="/late">Late</Link>
        <Link to="/one?page=2">Next page</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading shows once its data arrives. */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 30);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Late page</h1> : <p>Loading</p>;
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/one', element: <h1>Page one</h1> },
          { path: '/late', element: <LatePage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus after a route change (WCAG 2.4.3)', () => {
  it('leaves focus alone on the first load', () => {
    renderApp('/');
    expect(document.activeElement).toBe(document.body);
  });

  it("moves focus to the new page's h1 after a client-side navigation", async () => {
    renderApp('/');
    const link = screen.getByRole('link', { name: 'One' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Page one' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that renders after the route', async () => {
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Late' }));
    const heading = await screen.findByRole('heading', { name: 'Late page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('keeps focus when only the query changes', async () => {
    const router = renderApp('/one');
    const link = screen.getByRole('link', { name: 'Next page' });
    link.focus();
    await act(() => router.navigate('/one?page=2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(document.activeElement).toBe(link);
  });
});
