/**
 * Checks answers against the OpenAPI document with Ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1): the whole document is one schema, and each check compiles a `$ref` into it. An
 * answer must have a status the operation documents and a body its schema accepts.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../demo/onramp-api/openapi/document.js';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

export const DOCUMENT = buildOpenApiDocument();

const escape = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

interface Route {
  template: string;
  pattern: RegExp;
}

export class DocumentValidator {
  readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly #routes: Route[];
  /** `METHOD template status` of every answer checked, for the coverage report. */
  readonly seen = new Set<string>();

  constructor(readonly document: Json = DOCUMENT) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'doc');
    this.#routes = Object.keys(document.paths as Json).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** The documented path template a request path falls under, if any. */
  templateOf(path: string): string | undefined {
    const bare = path.split('?')[0] ?? path;
    return this.#routes.find((route) => route.pattern.test(bare))?.template;
  }

  /** The operation object of `method` on `template`, if the document has one. */
  operation(method: string, template: string): Json | undefined {
    return ((this.document.paths as Json)[template] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
  }

  /** Compiles `pointer` (a JSON pointer into the document) once. */
  schemaAt(pointer: string): ValidateFunction {
    let validate = this.#compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `doc#${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    return validate;
  }

  /**
   * Problems of one answer, or `null` when it agrees with the document. Paths and methods the
   * document does not describe (unknown routes, 405, preflights) are not checked: `undefined`.
   */
  check(method: string, path: string, status: number, body: unknown): string[] | null | undefined {
    const verb = method === 'HEAD' ? 'GET' : method;
    const template = this.templateOf(path);
    if (template === undefined) return undefined;
    const operation = this.operation(verb, template);
    if (!operation) return undefined;
    this.seen.add(`${verb} ${template} ${status}`);
    const responses = operation.responses as Json;
    if (!(String(status) in responses)) return [`${verb} ${template} does not document status ${status}`];
    if (method === 'HEAD') return null;
    const pointer = `/paths/${escape(template)}/${verb.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    const validate = this.schemaAt(pointer);
    if (validate(body)) return null;
    return (validate.errors ?? []).map(
      (error) =>
        `${verb} ${template} ${status}: ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
    );
  }
}
