#!/usr/bin/env python3
"""Turns the README's Swift examples into tests, so that the README cannot rot.

Every ```swift block of README.md that starts with an import becomes one @Test in
Tests/HarmonicEngineTests/Events/ReadmeExamples.swift. A line whose comment starts with a
number, `expression  // 331.59`, becomes a check that the expression prints as that number
to the digits shown (half a unit in the last digit). The README's ```console blocks are run by
Tests/HarmonicCLITests/ReadmeConsoleTests.swift, which reads the README itself.

Usage: scripts/readme_examples.py          write the test file
       scripts/readme_examples.py --check  fail if the committed file is not what README.md gives
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
OUTPUT = ROOT / "Tests/HarmonicEngineTests/Events/ReadmeExamples.swift"
CHECKED = re.compile(r"^(?P<indent>\s*)(?P<expr>.+?)\s+//\s*(?P<number>-?\d+(?:\.\d+)?)\b(?P<rest>.*)$")


def blocks(text):
    """The ```swift blocks that are whole programs (they begin with an import)."""
    for match in re.finditer(r"```swift\n(.*?)```", text, re.S):
        body = match.group(1)
        if body.lstrip().startswith("import "):
            yield body


def translate(body, index):
    imports, lines = set(), []
    for line in body.rstrip("\n").split("\n"):
        if line.startswith("import "):
            imports.add(line.split()[1])
            continue
        match = CHECKED.match(line)
        if match and not match.group("expr").lstrip().startswith(("let ", "var ", "//")):
            number = match.group("number")
            decimals = len(number.split(".")[1]) if "." in number else 0
            tolerance = 0.5 * 10 ** -decimals
            expr = match.group("expr").strip()
            lines.append(f'{match.group("indent")}try readmeCheck({expr}, {number}, within: {tolerance!r}, "{index}: {number}")')
        else:
            lines.append(line)
    body = "\n".join("        " + line if line else "" for line in lines)
    test = f"    @Test func example{index}() throws {{\n{body}\n    }}\n"
    return imports, test


def generate():
    imports, tests = {"Testing"}, []
    for index, body in enumerate(blocks(README.read_text()), 1):
        found, test = translate(body, index)
        imports |= found
        tests.append(test)
    header = (
        "// Generated from README.md by scripts/readme_examples.py; do not edit (make test checks it).\n\n"
        + "".join(f"import {name}\n" for name in sorted(imports))
        + "\n/// The README's Swift examples, run as written; commented numbers are checked.\n"
        + "@Suite struct ReadmeExamples {\n"
    )
    footer = (
        "}\n\n"
        "/// Checks that `value` (a number, or the first component of a vector) is `expected` to the\n"
        "/// digits the README prints.\n"
        "func readmeCheck(_ value: Any, _ expected: Double, within tolerance: Double, _ where: String) throws {\n"
        "    let number: Double\n"
        "    switch value {\n"
        "    case let x as Double: number = x\n"
        "    case let x as Int: number = Double(x)\n"
        "    default: throw ReadmeValueError(description: \"\\(`where`): \\(type(of: value)) is not a number\")\n"
        "    }\n"
        "    #expect(abs(number - expected) <= tolerance * (1 + 1e-12), \"README example \\(`where`): got \\(number)\")\n"
        "}\n\n"
        "struct ReadmeValueError: Error, CustomStringConvertible { var description: String }\n"
    )
    return header + "\n".join(tests) + footer


def formatted(text):
    """The text as `swift format` with the repository's configuration writes it (make test
    checks formatting too)."""
    import subprocess
    run = subprocess.run(["swift", "format", "--configuration", str(ROOT / ".swift-format")],
                         input=text, capture_output=True, text=True, check=True)
    return run.stdout


def main():
    text = formatted(generate())
    if "--check" in sys.argv[1:]:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print("readme: Tests/HarmonicEngineTests/Events/ReadmeExamples.swift is out of date; "
                  "run scripts/readme_examples.py", file=sys.stderr)
            return 1
        print(f"readme: {text.count('@Test')} Swift examples in step with README.md")
        return 0
    OUTPUT.write_text(text)
    print(f"readme: wrote {OUTPUT.relative_to(ROOT)} ({text.count('@Test')} examples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
