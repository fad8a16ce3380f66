// What the fuzz suite knows about the routes: their multipart bodies (undocumented in OpenAPI),
// the refusals that write by design, the values a field name hints at, and the error envelope.
import { ERRORS, newSolutionSchema, newUserSchema, updateUserDataSchema, type ErrorCode } from '@app/shared';
import fc from 'fast-check';
import { expect } from 'vitest';
import { z } from 'zod';
import { inDays } from '../deals.js';
import { tractor } from '../posts.js';
import { REF, type Hint, type JsonSchema, type MultipartBody } from './fuzz-inputs.js';
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const partsOf = (parts: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties: parts,
  required,
});
/** Multipart bodies are read in the handler (lib/multipart.ts), so OpenAPI does not describe them. */
export const MULTIPART: Record<string, MultipartBody> = {
  'POST /api/solution/addSolution': {
    schema: partsOf({ new_solution: jsonSchema(newSolutionSchema) }, ['new_solution']),
    jsonParts: ['new_solution'],
    files: 'files',
  },
  'POST /api/user/register': {
    schema: partsOf({ new_user: jsonSchema(newUserSchema) }, ['new_user']),
    jsonParts: ['new_user'],
    files: 'files',
    alsoJson: true,
  },
  'PUT /api/user/updateUser': {
    schema: partsOf({ user_id: { type: 'string' }, update_data: jsonSchema(updateUserDataSchema) }, ['user_id']),
    jsonParts: ['update_data'],
    files: 'files',
  },
};
/**
 * Browser pages rather than API calls: the local sign-in form re-renders itself as HTML with its
 * errors (a 400 page), as a provider's own page would.
 */
export const PAGES = new Set(['POST /api/auth/local/page']);
/** Refusals that must write, by design: the refused request is what is being recorded. */
export const WRITES_ON_REFUSAL: { route: string; code: ErrorCode; tables: string[] }[] = [
  // D-10: a wrong SMS code counts against the code (five wrong ones lock it).
  { route: 'POST /api/user/codeValidation', code: 'CODE_INVALID', tables: ['sms_codes'] },
  { route: 'POST /api/user/codeValidation', code: 'CODE_LOCKED', tables: ['sms_codes'] },
  // The same for the code mailed to prove an e-mail (D-11: admins by proven address).
  { route: 'POST /api/user/email/verify', code: 'CODE_INVALID', tables: ['email_codes'] },
  { route: 'POST /api/user/email/verify', code: 'CODE_LOCKED', tables: ['email_codes'] },
];
export const allowedWrites = (route: string, code: ErrorCode | undefined) =>
  WRITES_ON_REFUSAL.filter((w) => w.route === route && w.code === code).flatMap((w) => w.tables);
/** An open server-sent stream never ends: it is fuzzed only where it must refuse (no valid key). */
export const STREAM = 'GET /api/notify/stream';

export const hint: Hint = (name) => {
  const ref = (...names: string[]) => fc.constantFrom(...names.map(REF));
  if (['userId', 'user_id', '_id', 'accepted_by'].includes(name)) return ref('user', 'other', 'admin');
  if (['solutionId', 'solution_id'].includes(name)) return ref('post', 'otherPost');
  if (name === 'id') return ref('notification');
  if (name === 'dealId') return ref('deal');
  if (name === 'email') return fc.oneof(ref('email'), fc.emailAddress());
  if (name === 'mobile_no') return fc.oneof(ref('mobile'), fc.stringMatching(/^\+22177\d{7}$/));
  if (name === 'password') return ref('password');
  if (name === 'sub_category_id') return fc.constantFrom('equipment-tractor', 'transport-small-car', 'space-room');
  if (name === 'file') return ref('postFile');
  if (name === 'provider') return fc.constantFrom('google', 'facebook', 'local', 'paypal');
  if (name === 'country') return fc.constantFrom('SN', 'NE', 'CD', 'CI', 'CA');
  if (name === 'bbox') return fc.constantFrom('-17.6,14.6,-17.3,14.8', '-180,-90,180,90', '2,13,2.2,13.6');
  if (name === 'near') return fc.constantFrom('-17.45,14.7', '0,0');
  // A publishable post: a mutation of one of its fields then reaches the service and the SQL.
  if (name === 'new_solution') return fc.constantFrom(tractor(), tractor('needSolution'), TRANSPORT);
  if (name === 'price') return fc.constantFrom('12.50', 15, '0.01');
  // D-33: booked dates (a request's, a blocked range's) the service accepts.
  if (name === 'from' || name === 'to') return fc.constantFrom(inDays(2), inDays(3), inDays(40));
  if (name === 'outcome') return fc.constantFrom('completed', 'cancelled');
  return undefined;
};

const TRANSPORT = {
  ...tractor('needSolution'),
  category: 'Transport',
  sub_category_id: 'transport-small-car',
  description: 'Dakar to Thiès on Saturday',
  delivery_city: 'Thiès',
  delivery_country: 'Senegal',
  delivery_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
};

export function expectEnvelope(status: number, body: string, label: string) {
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(body)), `${label}: a JSON body`).not.toThrow();
  const envelope = z
    .object({
      code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string().min(1),
      fields: z.record(z.string(), z.string()).optional(),
    })
    .strict()
    .safeParse(parsed);
  expect(envelope.success, `${label}: ${body.slice(0, 300)} is not the envelope`).toBe(true);
  const code = envelope.data!.code;
  expect(ERRORS[code].status, `${label}: ${code} is sent with ${status}`).toBe(status);
  // API.md: no stack trace, SQL or internal path in a response.
  expect(body, label).not.toMatch(/node_modules|\/src\/|\bat \w+ \(|select .* from|violates|syntax error/i);
}
