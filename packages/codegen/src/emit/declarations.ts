import type { WriterFunction } from 'ts-morph'
import type { NamedType } from '../model/type-node.js'
import { docComment } from './text.js'
import { typeText } from './type-text.js'

/** Writes text line by line, so the writer applies the indentation of where the statement goes. */
export function textWriter(text: string): WriterFunction {
  return (writer) => {
    writer.blankLineIfLastNot()
    text.split('\n').forEach((line, i) => {
      if (i > 0) writer.newLine()
      if (line !== '') writer.write(line)
    })
  }
}

/**
 * An exported interface (object shapes) or type alias (everything else). Written as text: ts-morph would
 * hang-indent the continuation lines of a multi-line type inside a structure.
 */
export function namedTypeText(named: NamedType, extraTags: string[] = []): string {
  const doc = docComment(named.doc, extraTags)
  const { type } = named
  if (type.kind === 'object' && (type.properties.length > 0 || type.index)) {
    return `${doc}export interface ${named.name} ${typeText(type)}`
  }
  const text = typeText(type)
  return `${doc}export type ${named.name} =${text.startsWith('\n') ? text.replace(/\n/g, '\n  ') : ` ${text}`};`
}

export function namedTypeStatement(named: NamedType, extraTags: string[] = []): WriterFunction {
  return textWriter(namedTypeText(named, extraTags))
}
