// Accounts and posts over real HTTP against a server process (test/server-process.ts): the SMS
// code is read from the server's log, as a developer reads it with the console SMS adapter.
import { multipart, newAccount } from '../accounts.js';
import { tractor } from '../posts.js';
import type { ServerProcess } from '../server-process.js';
import type { Step } from './load.js';

export interface SignedIn {
  email: string;
  password: string;
  userId: string;
  headers: { 'access-token': string };
}

async function call(url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as { data: Record<string, unknown> } };
}

/** Registers and signs in a new account through `server`'s API (it must use the console SMS adapter). */
export async function signUpOverHttp(server: ServerProcess): Promise<SignedIn> {
  const account = newAccount();
  const mobile = account.mobile_no;
  const sent = await call(server.url, 'POST', '/api/user/sendMessage', { mobile_no: mobile, forget_password: false });
  if (sent.status !== 200) throw new Error(`sendMessage ${sent.status}: ${sent.text}`);
  const escaped = mobile.replace('+', '\\+');
  const [, code] = await server.waitForOutput(new RegExp(`SMS to ${escaped}: [^"]*?\\b(\\d{6})\\b`));
  const checked = await call(server.url, 'POST', '/api/user/codeValidation', {
    mobile_no: mobile,
    code,
    forget_password: false,
  });
  if (checked.status !== 200) throw new Error(`codeValidation ${checked.status}: ${checked.text}`);
  const verification_token = checked.json().data.verification_token;
  const registered = await call(server.url, 'POST', '/api/user/register', {
    new_user: { ...account, verification_token },
  });
  if (registered.status !== 201) throw new Error(`register ${registered.status}: ${registered.text}`);
  const login = await signIn(server.url, account.email, account.password);
  if (login.status !== 200) throw new Error(`login ${login.status}: ${login.text}`);
  const { user, auth_key } = login.json().data as { user: { _id: string }; auth_key: string };
  return { email: account.email, password: account.password, userId: user._id, headers: { 'access-token': auth_key } };
}

export const signIn = (url: string, email: string, password: string) =>
  call(url, 'POST', '/api/user/login', { email, password });

/** The reads a visitor and a signed-in user make most: the map, a list, a post's details. */
export function readSteps(who: SignedIn, postId: () => string): Step[] {
  const headers = () => who.headers;
  return [
    { name: 'map', path: '/api/solution/map?bbox=-18,14,-17,15&zoom=10' },
    { name: 'list', path: '/api/solution/getAllSolutions/provideSolution?limit=20', headers },
    { name: 'details', path: () => `/api/solution/getSolutionDetails/${postId()}`, headers },
  ];
}

/** Publishing a post (a write): 201 with the new post's _id. */
export function publishStep(who: SignedIn): Step {
  return {
    name: 'publish',
    method: 'POST',
    path: '/api/solution/addSolution',
    headers: () => who.headers,
    expect: 201,
    body: () => {
      const form = multipart([{ name: 'new_solution', value: JSON.stringify(tractor()) }]);
      return { payload: form.payload, contentType: form.headers['content-type'] };
    },
  };
}

/** Publishes one post and returns its id (to read its details under load). */
export async function publishOverHttp(url: string, who: SignedIn): Promise<string> {
  const form = multipart([{ name: 'new_solution', value: JSON.stringify(tractor()) }]);
  const res = await fetch(`${url}/api/solution/addSolution`, {
    method: 'POST',
    headers: { ...who.headers, ...form.headers },
    body: form.payload,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`addSolution ${res.status}: ${text}`);
  return (JSON.parse(text) as { data: { _id: string } }).data._id;
}
