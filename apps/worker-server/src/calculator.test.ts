import { describe, expect, it } from 'vitest'
import { calculate } from './calculator.js'

describe('calculate', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['10 / 4', 2.5],
    ['10 % 4', 2],
    ['sqrt(16) + abs(-3)', 7],
    ['max(1, 5, 3) - min(4, 2)', 3],
    ['1.5e3 + .5', 1500.5],
    ['round(2.5) + floor(1.9) + ceil(1.1)', 6],
  ])('%s = %d', (expression, want) => expect(calculate(expression)).toBe(want))

  it.each([
    ['', 'empty expression'],
    ['1 +', 'unexpected end'],
    ['1 / 0', 'division by zero'],
    ['2 ** 3', 'unexpected "*"'],
    ['foo(1)', 'unexpected "foo"'],
    ['(1 + 2', 'expected ")"'],
    ['1 2', 'unexpected "2"'],
    ['10 ^ 400', 'not a finite number'],
    ['constructor(2)', 'unexpected "constructor"'],
    ['toString(1)', 'unexpected "toString"'],
    ['__proto__(1)', 'unexpected'],
  ])('refuses %j', (expression, message) => expect(() => calculate(expression)).toThrow(message))
})
