import {
  GraphQLError,
  Kind,
  getNamedType,
  isListType,
  getNullableType,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type GraphQLCompositeType,
  isCompositeType,
} from 'graphql';

/** Limits on what one GraphQL document may ask, applied to HTTP and subscriptions alike. */
export const LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2_000,
  /**
   * A route's one query (issue 23 item 1: the member overview's, with both biller lists and the activities' first
   * page, costs about 8,400) fits; it stood at 5,000 while each part of a page was its own document.
   */
  maxCost: 10_000,
  /** The assumed size of a list without a `first`/`pageSize`/`limit` argument, for costing. */
  defaultListSize: 20,
  /**
   * The largest page of a connection (a field with `first` whose `edges` list holds the rows: the reporting API);
   * a `first` given as a variable is costed at this size, as its value is not known when the query is checked.
   */
  maxConnectionPage: 100,
} as const;

function refused(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) map.set(definition.name.value, definition);
  }
  return map;
}

/** Depth of a selection set, following fragments (each fragment once per path, so cycles end). */
function depthOf(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const below = selection.selectionSet ? depthOf(selection.selectionSet, fragments, seen) : 0;
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) continue;
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, new Set(seen).add(name)));
    }
  }
  return deepest;
}

export const depthLimitRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = fragmentsOf(context.getDocument());
  return {
    OperationDefinition(node) {
      const depth = depthOf(node.selectionSet, fragments, new Set());
      if (depth > LIMITS.maxDepth) {
        context.reportError(refused(`The query is ${depth} levels deep; at most ${LIMITS.maxDepth} are allowed.`));
      }
    },
  };
};

export const aliasLimitRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases += 1;
    },
    Document: {
      leave() {
        if (aliases > LIMITS.maxAliases) {
          context.reportError(refused(`The query uses ${aliases} aliases; at most ${LIMITS.maxAliases} are allowed.`));
        }
      },
    },
  };
};

const PAGE_ARGUMENTS = new Set(['first', 'last', 'limit', 'pageSize', 'take', 'numberOfBills', 'resultCount']);

/**
 * Cost: one per field, times the expected size of every list above it. A connection (a field that is not a list
 * but takes a page size) hands its size to its `edges` list, which has no size of its own.
 */
function costOf(
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  context: ValidationContext,
  seen: Set<string>,
  pageOfParent?: number,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      // __typename is known without a resolver, and Apollo Client adds it to every selection: it costs nothing.
      if (selection.name.value === '__typename') continue;
      if (selection.name.value.startsWith('__')) {
        cost += 1;
        continue;
      }
      const fields = 'getFields' in parent ? parent.getFields() : {};
      const field = fields[selection.name.value];
      if (!field) continue;
      const type = field.type as GraphQLOutputType;
      const isList = isListType(getNullableType(type));
      const sizeArgument = selection.arguments?.find((arg) => PAGE_ARGUMENTS.has(arg.name.value));
      const literalSize =
        sizeArgument && sizeArgument.value.kind === Kind.INT
          ? Math.max(1, Number(sizeArgument.value.value))
          : undefined;
      let multiplier = 1;
      let pageOfChildren: number | undefined;
      if (isList) {
        // Only a connection's `edges` take its page size: a page object's own list (`items` under
        // `activities(pageSize)`) keeps the default size, as before connections were costed.
        const page = !sizeArgument && selection.name.value === 'edges' ? pageOfParent : undefined;
        multiplier = literalSize ?? page ?? LIMITS.defaultListSize;
      } else if (sizeArgument) {
        pageOfChildren = literalSize ?? LIMITS.maxConnectionPage;
      }
      const named = getNamedType(type);
      const below =
        selection.selectionSet && isCompositeType(named)
          ? costOf(selection.selectionSet, named, fragments, context, seen, pageOfChildren)
          : 0;
      cost += 1 + multiplier * below;
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment) continue;
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        if (seen.has(selection.name.value)) continue;
        seen = new Set(seen).add(selection.name.value);
      }
      const conditionName = fragment.typeCondition?.name.value;
      const condition = conditionName ? context.getSchema().getType(conditionName) : parent;
      if (condition && isCompositeType(condition)) {
        cost += costOf(fragment.selectionSet, condition, fragments, context, seen, pageOfParent);
      }
    }
  }
  return cost;
}

export const costLimitRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = fragmentsOf(context.getDocument());
  const schema = context.getSchema();
  return {
    OperationDefinition(node) {
      const root =
        node.operation === 'query'
          ? schema.getQueryType()
          : node.operation === 'mutation'
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      if (!root) return;
      const cost = costOf(node.selectionSet, root, fragments, context, new Set());
      if (cost > LIMITS.maxCost) {
        context.reportError(refused(`The query costs ${cost}; at most ${LIMITS.maxCost} is allowed.`));
      }
    },
  };
};

export const hardeningRules: ValidationRule[] = [depthLimitRule, aliasLimitRule, costLimitRule];

const introspecting = new WeakMap<DocumentNode, boolean>();

/**
 * Whether a document asks for the schema (`__schema` or `__type`; `__typename` is ordinary). Remembered per
 * document: Apollo hands every request of the same text the same parsed document from its cache, and this walk
 * of the whole document (every operation and fragment of the client's file) ran on every request (issue 13
 * item 8). Documents are never changed after parsing.
 */
export function asksForIntrospection(document: DocumentNode): boolean {
  let known = introspecting.get(document);
  if (known === undefined) {
    known = walkForIntrospection(document);
    introspecting.set(document, known);
  }
  return known;
}

function walkForIntrospection(document: DocumentNode): boolean {
  let found = false;
  const visit = (set: SelectionSetNode | undefined): void => {
    for (const selection of set?.selections ?? []) {
      if (found) return;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__schema' || selection.name.value === '__type') found = true;
        else visit(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) {
      visit(definition.selectionSet);
    }
  }
  return found;
}
