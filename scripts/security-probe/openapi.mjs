// Reading the server's OpenAPI document (/api/docs/json): which routes exist, which need a member, sample bodies.
import { randomUUID } from 'node:crypto';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document: { method, path, params, query, body, secured }. */
export function collectRoutes(doc) {
  const routes = [];
  for (const [path, item] of Object.entries(doc?.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      routes.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return routes;
}

/** Routes of the operator back office. */
export const isAdminPath = (path) => /^\/api\/admin(\/|$)/.test(path);

/**
 * Routes that need a signed-in member, by where they live (so routes added later are covered without being
 * listed) or because the document says so. Statement files are opened through signed links, without a token.
 */
export function isMemberPath(path, secured = false) {
  if (isAdminPath(path)) return true;
  if (/^\/api\/member\/statements\//.test(path)) return false;
  if (path === '/api/user/register') return false;
  if (/^\/api\/(user|member)\//.test(path) || path === '/api/user') return true;
  if (/^\/api\/paintings\/(purchase|sale|validate|order)(\/|$)/.test(path)) return true;
  if (/^\/api\/payments\/sandbox\//.test(path)) return true;
  if (/^\/api\/auth\/(logout|password\/reset|reauthenticate)$/.test(path)) return true;
  return secured;
}

/** The names of path parameters in an OpenAPI path ('/a/{id}/b' → ['id']). */
export const pathParams = (path) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/** Replaces `{name}` with values (URL-encoded). */
export const fillPath = (path, values) =>
  path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(values[name] ?? 'x')));

/** The first property whose name mentions a captcha, anywhere in a JSON schema (null when none). */
export function findCaptchaField(schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  for (const name of Object.keys(schema.properties ?? {})) if (/captcha/i.test(name)) return name;
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const part of schema[key] ?? []) {
      const found = findCaptchaField(part, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** A value that satisfies a (simple) JSON schema: required properties only; good enough to get past validation. */
export function sampleOf(schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf'])
    if (Array.isArray(schema[key]) && schema[key][0]) return sampleOf(schema[key][0], depth + 1);
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value = {};
      for (const name of schema.required ?? []) value[name] = sampleOf(schema.properties?.[name] ?? {}, depth + 1);
      return value;
    }
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => sampleOf(schema.items, depth + 1)) : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function sampleString(schema) {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return 'probe@example.invalid';
    case 'date':
      return '2000-01-01';
    case 'date-time':
      return new Date().toISOString();
    default: {
      const length = Math.max(schema.minLength ?? 5, 5);
      return schema.maxLength !== undefined && schema.maxLength < length
        ? 'p'.repeat(schema.maxLength)
        : 'probe'.padEnd(length, 'e');
    }
  }
}
