/**
 * Evaluates an arithmetic expression: numbers, + - * / % ^, parentheses, unary minus, and the functions
 * sqrt, abs, round, floor, ceil, min, max. No `eval`: a small recursive-descent parser.
 */
export function calculate(expression: string): number {
  const tokens = expression.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+|[a-z]+|[-+*/%^(),]|\S/gi) ?? []
  let pos = 0
  const peek = () => tokens[pos]
  const take = (expected?: string): string => {
    const t = tokens[pos++]
    if (t === undefined || (expected !== undefined && t !== expected))
      throw new Error(expected ? `expected "${expected}"` : 'unexpected end of expression')
    return t
  }

  const FUNCTIONS: Record<string, (...xs: number[]) => number> = {
    sqrt: Math.sqrt,
    abs: Math.abs,
    round: Math.round,
    floor: Math.floor,
    ceil: Math.ceil,
    min: Math.min,
    max: Math.max,
  }

  const primary = (): number => {
    const t = take()
    if (t === '(') {
      const v = sum()
      take(')')
      return v
    }
    if (t === '-') return -power()
    if (t === '+') return power()
    if (/^[\d.]/.test(t)) return Number(t)
    // Own entries only: `constructor`, `toString` … are not functions of this calculator.
    const name = t.toLowerCase()
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined
    if (fn) {
      take('(')
      const args = [sum()]
      while (peek() === ',') {
        take(',')
        args.push(sum())
      }
      take(')')
      return fn(...args)
    }
    throw new Error(`unexpected "${t}"`)
  }
  // ^ is right-associative and binds tighter than unary minus on its left operand.
  const power = (): number => {
    const base = primary()
    if (peek() !== '^') return base
    take('^')
    return base ** power()
  }
  const product = (): number => {
    let v = power()
    for (let op = peek(); op === '*' || op === '/' || op === '%'; op = peek()) {
      take()
      const rhs = power()
      if ((op === '/' || op === '%') && rhs === 0) throw new Error('division by zero')
      v = op === '*' ? v * rhs : op === '/' ? v / rhs : v % rhs
    }
    return v
  }
  const sum = (): number => {
    let v = product()
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      take()
      v = op === '+' ? v + product() : v - product()
    }
    return v
  }

  if (tokens.length === 0) throw new Error('empty expression')
  const value = sum()
  if (pos < tokens.length) throw new Error(`unexpected "${tokens[pos]}"`)
  if (!Number.isFinite(value)) throw new Error('the result is not a finite number')
  return value
}
