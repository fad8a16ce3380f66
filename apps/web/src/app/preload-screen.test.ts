// The first screen's code is asked for before the language's texts have loaded.
import { afterEach, describe, expect, it, vi } from 'vitest';

const asked = vi.hoisted(() => [] as string[]);
vi.mock('./dashboard-screen', () => {
  asked.push('dashboard');
  return { DashboardScreen: () => null };
});
vi.mock('../features/auth/components/login-page', () => {
  asked.push('login');
  return { LoginPage: () => null };
});

const { preloadScreen } = await import('./router');

afterEach(() => {
  localStorage.clear();
  asked.length = 0;
});

describe('preloadScreen', () => {
  // First: a module is evaluated once, so a later test could not see it asked for again.
  it('downloads nothing the guard would not show: the dashboard for a visitor, the login for a user', async () => {
    preloadScreen('/dashboard');
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('auth_key', 'k'.repeat(43));
    preloadScreen('/login');
    preloadScreen('/no-such-page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it("downloads a signed-in user's dashboard at once", async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('auth_key', 'k'.repeat(43));
    preloadScreen('/Dashboard');
    await vi.waitFor(() => expect(asked).toEqual(['dashboard']));
  });
});
