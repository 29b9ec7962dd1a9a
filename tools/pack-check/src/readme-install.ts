/**
 * What an npm reader sees first: a package README opens with its title (`# <name>`) and, right under it, a
 * shell block whose first command installs the package — or, for an initializer `create-<x>`, runs it
 * (`npm create <x>@latest …`, what npm runs it as). Returns what is wrong, or undefined when it is right.
 */
export function installLineProblem(readme: string, name: string): string | undefined {
  const lines = readme.split(/\r?\n/)
  let i = 0
  const nextNonBlank = () => {
    while (i < lines.length && lines[i]!.trim() === '') i++
    return lines[i++]?.trim()
  }
  const title = nextNonBlank()
  if (title !== `# ${name}`)
    return `the README must open with the title "# ${name}", not ${JSON.stringify(title)}`
  const fence = nextNonBlank()
  if (fence === undefined || !/^```(sh|bash|shell|console)$/.test(fence))
    return `the install line must come right after the title, in a \`\`\`sh block; found ${JSON.stringify(fence)}`
  const command = nextNonBlank()
  const words = command?.replace(/^\$\s*/, '').split(/\s+/) ?? []
  const initializer = /^create-(.+)$/.exec(name)?.[1]
  if (initializer !== undefined) {
    const creates = words[0] === 'npm' && (words[1] === 'create' || words[1] === 'init')
    if (!creates || (words[2] !== initializer && words[2] !== `${initializer}@latest`))
      return `the first command after the title must run ${name} (npm create ${initializer}@latest …); found ${JSON.stringify(command)}`
    return undefined
  }
  const installs = words[0] === 'npm' && (words[1] === 'i' || words[1] === 'install')
  if (!installs || !words.includes(name))
    return `the first command after the title must install ${name} (npm i ${name} …); found ${JSON.stringify(command)}`
  return undefined
}
