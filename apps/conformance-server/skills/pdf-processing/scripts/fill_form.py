"""Fills the fields of a PDF form from a JSON object (fixture of the edgemcp conformance server)."""
import json
import sys


def main() -> None:
    values = json.loads(sys.argv[1])
    for name, value in values.items():
        print(f"{name} = {value}")


if __name__ == "__main__":
    main()
