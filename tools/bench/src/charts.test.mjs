import { expect, it } from 'vitest'
import { barChart } from './charts.mjs'

const svg = barChart({
  title: 'CPU <per> request',
  subtitle: 'µs, log scale',
  reference: 20,
  bars: [
    { label: 'ceiling', value: 20, text: '20 µs · 1.00×', kind: 'ceiling' },
    { label: 'ours', value: 22, text: '22 µs · 1.10×', kind: 'ours' },
    { label: 'peer', value: 2000, text: '2,000 µs · 100×', kind: 'peer' },
    { label: 'absent', value: undefined, text: 'n/a: sessions only', kind: 'peer' },
  ],
})

it('draws one bar per measured contender, longer for larger values, on a log scale', () => {
  const widths = [...svg.matchAll(/<rect x="\d+" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]))
  expect(widths).toHaveLength(3)
  const [ceiling = 0, ours = 0, peer = 0] = widths
  expect(ours).toBeGreaterThan(ceiling)
  // 100× the value is two decades: on a log axis far less than 100× the length
  expect(peer / ceiling).toBeLessThan(10)
  expect(peer).toBeGreaterThan(ours)
})

it('writes values, notes and a reference line, with text escaped', () => {
  expect(svg).toContain('CPU &lt;per&gt; request')
  expect(svg).toContain('22 µs · 1.10×')
  expect(svg).toContain('n/a: sessions only')
  expect(svg).toContain('stroke-dasharray')
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  // the figures as text for screen readers and search
  expect(svg).toContain('<title>CPU &lt;per&gt; request: ceiling 20 µs · 1.00×; ours 22 µs · 1.10×;')
})
