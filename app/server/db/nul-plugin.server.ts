import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from "kysely";

/** What stands in for a NUL: the replacement character, so a lookup never matches a different row. */
export const NUL_REPLACEMENT = "\uFFFD";

/** A parameter value with every U+0000 replaced, inside arrays and JSON objects too; other values as they are. */
export function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\0") ? value.replaceAll("\0", NUL_REPLACEMENT) : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [withoutNul(key), withoutNul(inner)]));
  }
  return value;
}

class NulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: withoutNul(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(withoutNul) };
  }
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a NUL anywhere in a parameter (an address such as /poems/%00,
 * a search, a form field) failed the whole query with "invalid byte sequence for encoding UTF8" and the request
 * with a 500. Replacing it in every parameter, once for all queries, makes such a lookup find nothing (404) and
 * keeps the rest of a stored text.
 */
export class NulPlugin implements KyselyPlugin {
  readonly #transformer = new NulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
