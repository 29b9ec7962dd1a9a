/**
 * Types from JSON Schema literals, at compile time only (this module emits no JavaScript).
 *
 * `InferJsonSchema<typeof schema>` is the type of the values a literal schema accepts. `McpServer.tool()` applies
 * it to `inputSchema` (the handler's arguments) and `outputSchema` (the `structuredContent` the handler returns).
 * A schema whose type is not a literal (e.g. `JsonSchema`, or a schema built at run time) gives `unknown`, and
 * the handler's arguments fall back to `Record<string, unknown>`.
 *
 * Understood: `type` (also arrays such as `['string', 'null']`), `properties`, `required`, `additionalProperties`,
 * `items`, `prefixItems`, `enum`, `const`, `anyOf`, `oneOf`, `allOf`, `nullable: true` (OpenAPI style) and `$ref`
 * to `#`, `#/$defs/…` or `#/definitions/…`. Recursive `$ref`s unfold a few levels, then give `unknown`. Keywords
 * that do not change the TypeScript type (`format`, `minimum`, `pattern`, …) are ignored.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { CallToolResult } from './types.js'

/** The type of the values the JSON Schema literal `S` accepts (`unknown` when `S` is not a literal type). */
export type InferJsonSchema<S> = Infer<S, S, []>

/** How many `$ref` hops a type unfolds before it gives up with `unknown` (recursive schemas). */
type MaxRefHops = 6

type Infer<S, Root, Hops extends unknown[]> = S extends boolean
  ? S extends false
    ? never
    : unknown
  : S extends object
    ? string extends keyof S
      ? unknown
      : Nullable<S, Keywords<S, Root, Hops>>
    : unknown

type Nullable<S, T> = S extends { readonly nullable: true } ? T | null : T

type Keywords<S, Root, Hops extends unknown[]> = S extends { readonly $ref: infer R extends string }
  ? Hops['length'] extends MaxRefHops
    ? unknown
    : Infer<Resolve<R, Root>, Root, [...Hops, R]>
  : S extends { readonly const: infer C }
    ? C
    : S extends { readonly enum: infer E extends readonly unknown[] }
      ? E[number]
      : S extends { readonly anyOf: infer U extends readonly unknown[] }
        ? Branches<U, Omit<S, 'anyOf'>, Root, Hops>
        : S extends { readonly oneOf: infer U extends readonly unknown[] }
          ? Branches<U, Omit<S, 'oneOf'>, Root, Hops>
          : S extends { readonly allOf: infer U extends readonly unknown[] }
            ? Simplify<AllOf<U, Root, Hops> & Infer<Omit<S, 'allOf'>, Root, Hops>>
            : ByType<S, Root, Hops>

type Resolve<R extends string, Root> = R extends '#'
  ? Root
  : R extends `#/$defs/${infer N}`
    ? Root extends { readonly $defs: infer D }
      ? N extends keyof D
        ? D[N]
        : unknown
      : unknown
    : R extends `#/definitions/${infer N}`
      ? Root extends { readonly definitions: infer D }
        ? N extends keyof D
          ? D[N]
          : unknown
        : unknown
      : unknown

/** Each branch of an `anyOf`/`oneOf`, with the keywords beside it (e.g. a shared `type: 'object'`). */
type Branches<U extends readonly unknown[], Rest, Root, Hops extends unknown[]> = U[number] extends infer B
  ? B extends unknown
    ? keyof Rest extends never
      ? Infer<B, Root, Hops>
      : Infer<Merge<Rest, B>, Root, Hops>
    : never
  : never

/** Two schemas as one (both apply); their `required` lists add up. */
type Merge<A, B> = Omit<A, 'required'> &
  Omit<B, 'required'> & { readonly required: readonly (RequiredKeys<A> | RequiredKeys<B>)[] }

type AllOf<U extends readonly unknown[], Root, Hops extends unknown[]> = U extends readonly [
  infer First,
  ...infer Others,
]
  ? Infer<First, Root, Hops> & AllOf<Others, Root, Hops>
  : unknown

type ByType<S, Root, Hops extends unknown[]> = S extends { readonly type: infer T }
  ? T extends readonly unknown[]
    ? OfType<T[number], S, Root, Hops>
    : OfType<T, S, Root, Hops>
  : S extends
        | { readonly properties: unknown }
        | { readonly additionalProperties: unknown }
        | { readonly required: unknown }
    ? ObjectOf<S, Root, Hops>
    : S extends { readonly items: unknown } | { readonly prefixItems: unknown }
      ? ArrayOf<S, Root, Hops>
      : unknown

type OfType<T, S, Root, Hops extends unknown[]> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'object'
          ? ObjectOf<S, Root, Hops>
          : T extends 'array'
            ? ArrayOf<S, Root, Hops>
            : unknown

type RequiredKeys<S> = S extends { readonly required: infer R extends readonly unknown[] } ? R[number] : never

type ObjectOf<S, Root, Hops extends unknown[]> = S extends { readonly properties: infer P extends object }
  ? Simplify<PropertiesOf<P, RequiredKeys<S>, Root, Hops> & Additional<S, P[keyof P], Root, Hops>>
  : Simplify<Additional<S, never, Root, Hops> & { [K in RequiredKeys<S> & string]: unknown }>

type PropertiesOf<P, Required, Root, Hops extends unknown[]> = {
  -readonly [K in keyof P as K extends Required ? K : never]: Infer<P[K], Root, Hops>
} & {
  -readonly [K in keyof P as K extends Required ? never : K]?: Infer<P[K], Root, Hops>
}

/**
 * `additionalProperties`: `false` closes the object; a schema types the other keys; `true` or `{}` allows any.
 * Left out, an object with `properties` is typed by them alone, one without is `Record<string, unknown>`.
 */
type Additional<S, Declared, Root, Hops extends unknown[]> = S extends {
  readonly additionalProperties: infer A
}
  ? A extends false
    ? unknown
    : { [key: string]: Infer<A, Root, Hops> | InferEach<Declared, Root, Hops> }
  : [Declared] extends [never]
    ? { [key: string]: unknown }
    : unknown

type InferEach<U, Root, Hops extends unknown[]> = U extends unknown ? Infer<U, Root, Hops> : never

type ArrayOf<S, Root, Hops extends unknown[]> = S extends {
  readonly prefixItems: infer P extends readonly unknown[]
}
  ? S extends { readonly items: false }
    ? TupleOf<P, Root, Hops>
    : [...TupleOf<P, Root, Hops>, ...Infer<S extends { readonly items: infer I } ? I : true, Root, Hops>[]]
  : S extends { readonly items: infer I }
    ? I extends readonly unknown[]
      ? TupleOf<I, Root, Hops>
      : Infer<I, Root, Hops>[]
    : unknown[]

type TupleOf<P extends readonly unknown[], Root, Hops extends unknown[]> = {
  -readonly [K in keyof P]: Infer<P[K], Root, Hops>
}

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** A tool handler's arguments for an `inputSchema`: Standard Schema output, JSON Schema literal, or a record. */
export type ToolArguments<S> = [S] extends [undefined]
  ? Record<string, unknown>
  : [S] extends [StandardSchemaV1]
    ? StandardSchemaV1.InferOutput<S>
    : InferJsonSchema<S> extends infer A extends object
      ? A
      : Record<string, unknown>

/**
 * The `structuredContent` an `outputSchema` asks for: Standard Schema input, JSON Schema literal (its arrays
 * `readonly`, since a handler's returned literal is inferred `as const`), or unknown.
 */
export type StructuredContentOf<O> = [O] extends [StandardSchemaV1]
  ? StandardSchemaV1.InferInput<O>
  : ReadonlyArrays<InferJsonSchema<O>>

/** `T` with every array (deeply) also accepting a readonly array or tuple. */
type ReadonlyArrays<T> = T extends readonly unknown[]
  ? { readonly [K in keyof T]: ReadonlyArrays<T[K]> }
  : T extends object
    ? { [K in keyof T]: ReadonlyArrays<T[K]> }
    : T

/**
 * What a tool handler returns. Without an `outputSchema`, any `CallToolResult`; with one, a result carrying the
 * typed `structuredContent`, or an error result (`isError: true`, which is not checked against the schema).
 */
export type ToolResult<O = undefined> = [O] extends [undefined]
  ? CallToolResult
  :
      | (Omit<CallToolResult, 'structuredContent' | 'isError'> & {
          structuredContent: StructuredContentOf<O>
          isError?: false
        })
      | (CallToolResult & { isError: true })
