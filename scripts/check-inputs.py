#!/usr/bin/python3
"""Checks docs/inputs.md, the inventory of guest inputs (security goal G1).

Every input a guest controls must have a row, and every row must name its
validation rule, where the model checks it, its fault class and its tests:

  1. every BAR0 register the model names (NV_REG32 and A_ offsets of
     include/hw/nvidia/nv-regs.h, nv-falcon.h and nv-disp.h, NV_PLAIN_REGS), and a
     section with at least one row for every unit of NV_UNITS;
  2. every field of the guest-memory structures (nv-host.h, nv-mmu.h, the
     QMD of nv-qmd.h, the falcon descriptors and queue headers);
  3. every class method the model acts on (A_<CLS>_<METHOD> in
     hw/nvidia/gpu/engines/*.c, host/*.c and disp/*.c), and a row "<CLS>_*" for every
     other method of each class;
  4. every shader-visible resource of the SM (SM_RESOURCES below);
  5. every test a row names exists;
  6. every row has a rule, a place ("where") that exists and a fault class
     (a guest-error kind NV_ERR_* of nv-errors.h, or "none..." / "stored
     only"), and every guest-error kind is some row's fault class.

Output is TAP (one test per check); inputs without a test are counted in a
note, listed with -v. Usage: check-inputs.py [-v] [SOURCE_ROOT]
"""
import re
import sys
from collections import namedtuple
from pathlib import Path

HEADER = ["input", "rule", "where", "fault", "tests"]
# Shader-visible resources (docs/isa.md, Interpreter; hw/nvidia/sm/sm-internal.h).
SM_RESOURCES = [
    "SM.R", "SM.P", "SM.UR", "SM.UP", "SM.C", "SM.SHARED", "SM.LOCAL", "SM.GLOBAL",
    "SM.GENERIC", "SM.B", "SM.BAR", "SM.SR", "SM.CODE",
]
# Falcon queue headers and SEC2 ACR commands: byte fields nv-falcon.h describes in words.
FALCON_QUEUE_FIELDS = [
    "FALCON_QHDR.UNIT", "FALCON_QHDR.SIZE", "FALCON_QHDR.FLAGS", "FALCON_QHDR.SEQ",
    "SEC2_ACR_CMD.TYPE", "SEC2_ACR_CMD.FALCON_ID",
]

Row = namedtuple("Row", "line heading names rule where fault tests")


# ---- the inventory ----

def split_cells(line):
    """The cells of a table line; '\\|' is a literal bar."""
    cells = line.strip().strip("|").replace("\\|", "\0").split("|")
    return [c.replace("\0", "|").strip() for c in cells]


def backticked(text):
    return re.findall(r"`([^`]+)`", text)


def row_names(cell):
    """The names an input cell gives: backticked, without a parameter list."""
    return {re.sub(r"\(.*\)$", "", n) for n in backticked(cell)}


def parse_inventory(path):
    """Rows of every table whose header is HEADER, and the headings above them."""
    rows, heading, in_table = [], "", False
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("#"):
            heading, in_table = line.lstrip("#").strip(), False
        elif not line.startswith("|"):
            in_table = False
        elif [c.lower() for c in split_cells(line)] == HEADER:
            in_table = True
        elif in_table and not re.match(r"^\|[\s:|-]+\|$", line):
            cells = split_cells(line) + [""] * len(HEADER)
            rows.append(Row(n, heading, row_names(cells[0]), cells[1], cells[2],
                            cells[3], backticked(cells[4]) or [cells[4]]))
    return rows


# ---- what must have a row ----

def read(root, rel):
    return (root / rel).read_text()


def bar0_registers(root):
    names = set()
    for rel in ("include/hw/nvidia/nv-regs.h", "include/hw/nvidia/nv-falcon.h",
                "include/hw/nvidia/nv-disp.h"):
        names |= set(re.findall(r"^NV_REG32\((\w+),", read(root, rel), re.M))
    for rel in ("include/hw/nvidia/nv-regs.h", "include/hw/nvidia/nv-disp.h"):
        names |= set(re.findall(r"^#define A_(\w+)", read(root, rel), re.M))
    return names


def x_macro_rows(text, macro):
    """First arguments of the X(...) rows of #define macro(X)."""
    body = re.search(r"#define %s\(X\)(.*?)\n\n" % macro, text, re.S).group(1)
    return re.findall(r"\bX\(\s*(\w+)\s*,", body)


def plain_registers(root):
    return set(x_macro_rows(read(root, "hw/nvidia/gpu/regs/plain-regs.h"), "NV_PLAIN_REGS"))


def units(root):
    return x_macro_rows(read(root, "hw/nvidia/gpu/units.h"), "NV_UNITS")


def struct_fields(text):
    """REG.FIELD of every NV_FIELD(64), and the NV_REG32/64 words without fields."""
    fields = re.findall(r"^\s*NV_FIELD(?:64)?\((\w+),\s*(\w+),", text, re.M)
    regs = set(re.findall(r"^NV_REG(?:32|64)\((\w+),", text, re.M))
    with_fields = {reg for reg, _ in fields}
    return {f"{r}.{f}" for r, f in fields} | (regs - with_fields)


def host_fields(root):
    text = read(root, "include/hw/nvidia/nv-host.h")
    offsets = re.findall(r"^#define NV_((?:RAMFC|USERD)_\w+)\s+0x", text, re.M)
    names = {n for n in offsets if not n.endswith("_MASK")}
    names |= set(re.findall(r"^#define NV_(RL_\w+)", text, re.M))
    return names | struct_fields(text)


def mmu_fields(root):
    return struct_fields(read(root, "include/hw/nvidia/nv-mmu.h"))


def qmd_fields(root):
    text = read(root, "include/hw/nvidia/nv-qmd.h")
    names = x_macro_rows(text, "NV_QMD_FIELDS")
    names += re.findall(r"^#define NV_QMD_(CBUF_\w+)_BIT\(", text, re.M)
    return {f"QMD.{n}" for n in names}


def qmd_fields_read(root):
    text = read(root, "hw/nvidia/gpu/engines/compute.c")
    return {f"QMD.{n}" for n in re.findall(r"NV_QMD_GET\(\w+,\s*(\w+)\)", text)}


def falcon_fields(root):
    text = read(root, "include/hw/nvidia/nv-falcon.h")
    names = set(re.findall(r"^#define NV_((?:HS_BL_DESC|ACR_DESC)_\w+)", text, re.M))
    return (names - {"HS_BL_DESC_SIZE"}) | set(FALCON_QUEUE_FIELDS)


def class_tokens(root):
    text = read(root, "hw/nvidia/gpu/host/classes.h")
    return re.findall(r"^\s*X\(\w+,\s*0x\w+,\s*\w+,\s*\w+,\s*[^,]+,\s*\w+,\s*(\w+)\)", text, re.M)


# The host class's methods named through methods.c's macros (A_C46F_##name).
HOST_METHOD_MACRO = r"\bHOST_(?:ROW|MTHD)\(\s*(?:h,\s*)?([A-Z][A-Z0-9_]*)\b"


def class_methods(root):
    """A_<CLS>_<METHOD> the engines and the host use, and the host's macro rows."""
    tokens = "|".join(class_tokens(root))
    names = set()
    for room in ("engines", "host", "disp"):
        for f in sorted((root / "hw/nvidia/gpu" / room).glob("*.c")):
            text = f.read_text()
            names |= set(re.findall(r"\bA_((?:%s)_\w+)" % tokens, text))
            names |= {f"C46F_{m}" for m in re.findall(HOST_METHOD_MACRO, text)}
    return names


# ---- the checks ----

def missing(required, rows, what):
    have = set().union(*(r.names for r in rows)) if rows else set()
    return [f"no row for {what} `{n}`" for n in sorted(set(required) - have)]


def check_bar0(root, rows):
    problems = missing(bar0_registers(root), rows, "BAR0 register")
    problems += missing(plain_registers(root), rows, "plain register")
    for unit in units(root):
        if not any(f"`{unit}`" in r.heading for r in rows):
            problems.append(f"no section with a row for BAR0 unit `{unit}` "
                            f"(a heading naming `{unit}` above a table)")
    return problems


def check_structures(root, rows):
    problems = missing(host_fields(root), rows, "host structure field")
    problems += missing(mmu_fields(root), rows, "MMU structure field")
    problems += missing(qmd_fields(root) | qmd_fields_read(root), rows, "QMD field")
    return problems + missing(falcon_fields(root), rows, "falcon structure field")


def check_methods(root, rows):
    problems = missing(class_methods(root), rows, "class method")
    return problems + missing({f"{c}_*" for c in class_tokens(root)}, rows,
                              "every other method of a class:")


def check_sm(root, rows):
    return missing(SM_RESOURCES, rows, "shader-visible resource")


def test_found(root, test, test_text):
    if test.startswith("/"):
        return f'"{test}"' in test_text
    path, _, func = test.partition(":")
    f = root / path
    if not f.exists():
        return False
    return not func or (f.is_file() and
                        re.search(r"\b%s\b" % re.escape(func), f.read_text()) is not None)


def tests_text(root):
    parts = []
    for f in sorted((root / "tests").rglob("*")):
        if f.is_file() and f.suffix in (".c", ".h", ".sh", ".py"):
            parts.append(f.read_text(errors="replace"))
    return "\n".join(parts)


def check_tests(root, rows):
    text = tests_text(root)
    problems = []
    for r in rows:
        for t in r.tests:
            if t != "none" and not test_found(root, t, text):
                problems.append(f"line {r.line}: test `{t}` not found "
                                f"(a \"/path\" string under tests/, a file, or file:function)")
    return problems


def source_file(root, rel):
    """A where-file: under hw/nvidia/gpu (the model's rooms), else hw/nvidia (sm/)."""
    for base in ("hw/nvidia/gpu", "hw/nvidia"):
        if rel and (root / base / rel).is_file():
            return root / base / rel
    return None


def where_problems(root, r):
    problems = []
    for place in filter(None, (p.strip() for p in r.where.strip("`").split(";"))):
        rel, _, funcs = (s.strip(" `") for s in place.partition(":"))
        f = source_file(root, rel)
        if not f:
            problems.append(f"line {r.line}: where: no file {rel} under hw/nvidia/gpu or hw/nvidia")
            continue
        text = f.read_text()
        for fn in filter(None, (s.strip(" `") for s in funcs.split(","))):
            if not re.search(r"\b%s\b" % re.escape(fn), text):
                problems.append(f"line {r.line}: where: no `{fn}` in {f.relative_to(root)}")
    return problems


def fault_problems(r, kinds):
    named = re.findall(r"NV_ERR_(\w+)", r.fault)
    problems = [f"line {r.line}: fault: unknown guest-error kind NV_ERR_{k}"
                for k in named if k not in kinds]
    if not named and not re.match(r"(none|stored only)\b", r.fault.strip("`* ")):
        problems.append(f"line {r.line}: fault class missing (an NV_ERR_* kind, "
                        f"or 'none: ...' / 'stored only')")
    return problems


def check_rows(root, rows):
    kinds = re.findall(r"^\s*X\((\w+),", read(root, "include/hw/nvidia/nv-errors.h"), re.M)
    problems = []
    for r in rows:
        if not r.names:
            problems.append(f"line {r.line}: the input cell names nothing in backticks")
        if not r.rule:
            problems.append(f"line {r.line}: validation rule missing")
        if not r.where.strip():
            problems.append(f"line {r.line}: where (file: function) missing")
        problems += where_problems(root, r) + fault_problems(r, kinds)
    faults = " ".join(r.fault for r in rows)
    problems += [f"guest-error kind NV_ERR_{k} is no row's fault class"
                 for k in kinds if f"NV_ERR_{k}" not in faults]
    return problems


CHECKS = [
    ("every BAR0 register and unit has a row", check_bar0),
    ("every guest-memory structure field has a row", check_structures),
    ("every class method acted on has a row", check_methods),
    ("every shader-visible resource has a row", check_sm),
    ("every test named exists", check_tests),
    ("every row has a rule, a place and a fault class", check_rows),
]


def main(argv):
    verbose = "-v" in argv
    args = [a for a in argv[1:] if a != "-v"]
    root = Path(args[0] if args else Path(__file__).resolve().parent.parent)
    if not (root / "docs/inputs.md").is_file():
        print(f"Bail out! no docs/inputs.md under {root}")
        return 1
    rows = parse_inventory(root / "docs/inputs.md")
    print(f"1..{len(CHECKS)}")
    failed = 0
    for n, (what, check) in enumerate(CHECKS, 1):
        problems = check(root, rows)
        print(f"{'not ok' if problems else 'ok'} {n} - {what}")
        for p in problems:
            print(f"# docs/inputs.md: {p}")
        failed += bool(problems)
    untested = [r for r in rows if r.tests == ["none"]]
    print(f"# note: docs/inputs.md: {len(rows)} rows, {len(untested)} without a test"
          + ("" if verbose else " (-v lists them)"))
    for r in untested if verbose else []:
        print(f"#   line {r.line}: {', '.join(sorted(r.names))}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
