#!/usr/bin/env python3
"""The layering rules of tpx's design, checked over the sources.

The layers are the folders: each folder of src/ whose CMakeLists.txt calls
tpx_layer(NAME ...) or tpx_program(NAME ...) (cmake/layer.cmake) is one
target; a sub-folder without a CMakeLists.txt belongs to the target above it
(a view's folder inside src/explorer/views).  A target sees its own folder,
the targets it DEPENDS on and theirs, and the HEADERS folders of all of
them (kernels/, the kernel table).  Nothing else is listed here.

Fails (exit 1, one line per breach) on:
  - a folder of src/ holding sources that no target owns, a target named
    twice, a DEPENDS cycle among the targets;
  - an include or a call that goes where its target does not see: up a
    layer, sideways to a target not depended on, or into another sub-folder
    of a target (a view's folder is private to it: its files see their own
    folder and the folders above it in the target, nothing sees into it);
  - a file of kernels/ (the bottom layer: the kernel table, read by nvcc and
    by the model) including one of src/;
  - an include cycle or a call cycle between files (a node: a .c file and the
    header of the same name; a call edge: a .c file calls a function that
    another .c file defines);
  - curses (<curses.h>, <ncurses*.h>, <term.h>) outside the terminal backend;
  - CUDA headers (cuda*.h, cublas*, *.cuh, tpx_gpu.h) outside kernels/, the
    CUDA runner (src/measure/runner_cuda*), tests/gpu_* and bench/*.cu;
  - two headers of the same name under src/ and kernels/ (includes are by name);
  - a source file (.c .h .cu .cuh .py .sh) under src/ kernels/ tests/ bench/
    over 400 lines (bench/results/, the measured data, excepted).
Usage: check_includes.py [ROOT]  (default: the repository holding this file)
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..'))
DIRS = ['src', 'kernels', 'tests', 'bench']
LAYERED = ('src/',)                        # the files whose includes and calls are checked
SIZED = ('.c', '.h', '.cu', '.cuh', '.py', '.sh')
NOT_SIZED = ('bench/results/',)
MAX_LINES = 400
CURSES_FILE = 'src/explorer/shell/term_curses.c'
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
CURSES = re.compile(r'^(curses\.h|ncurses.*\.h|ncursesw/.*|term\.h)$')
CUDA = re.compile(r'^(cuda.*\.h|cublas.*|.*\.cuh|tpx_gpu\.h)$')
LAYER_CALL = re.compile(r'\btpx_(?:layer|program)\(\s*(\w+)([^)]*)\)', re.S)
KEYWORDS = ('DEPENDS', 'HEADERS', 'EXCLUDE', 'SOURCES')


def sources(exts=('.c', '.h', '.cu', '.cuh'), dirs=DIRS):
    for d in dirs:
        for base, subdirs, files in os.walk(os.path.join(ROOT, d)):
            subdirs.sort()
            for f in sorted(files):
                if f.endswith(exts):
                    yield os.path.relpath(os.path.join(base, f), ROOT)


def read(f):
    with open(os.path.join(ROOT, f), encoding='utf-8', errors='replace') as fh:
        return fh.read()


# ---- the targets, from the CMakeLists.txt of src/ ----------------------------

class Target:
    def __init__(self, name, folder):
        self.name, self.folder = name, folder
        self.depends, self.headers = set(), set()


def layer_args(args):
    """{keyword: [words]} of a tpx_layer call's arguments (comments dropped)."""
    args = re.sub(r'#[^\n]*', ' ', args)
    out, key = {k: [] for k in KEYWORDS}, None
    for word in args.split():
        if word in KEYWORDS:
            key = word
        elif key:
            out[key].append(word)
    return out


def targets(errors):
    """folder -> Target, for every folder of src/ with a tpx_layer call."""
    by_folder, by_name = {}, {}
    for base, subdirs, files in os.walk(os.path.join(ROOT, 'src')):
        subdirs.sort()
        if 'CMakeLists.txt' not in files:
            continue
        folder = os.path.relpath(base, ROOT)
        for name, args in LAYER_CALL.findall(read(os.path.join(folder, 'CMakeLists.txt'))):
            t = by_folder.get(folder)
            if t is None:
                if name in by_name:
                    errors.append(f'{folder}: target {name} is also {by_name[name].folder}')
                t = by_folder[folder] = by_name[name] = Target(name, folder)
            elif t.name != name:
                errors.append(f'{folder}: two targets, {t.name} and {name}: one folder, one target')
            a = layer_args(args)
            t.depends |= {d for d in a['DEPENDS'] if d.startswith('tpx')}
            t.headers |= set(a['HEADERS'])
    for t in by_folder.values():
        for d in sorted(t.depends - set(by_name)):
            errors.append(f'{t.folder}: {t.name} depends on {d}, which no folder of src/ makes')
        t.depends &= set(by_name)
    return by_folder, by_name


def target_of(f, by_folder):
    """The folder of the target owning file f (its nearest folder with one)."""
    d = os.path.dirname(f)
    while d and d not in by_folder:
        d = os.path.dirname(d)
    return d or None


def below(by_name):
    """name -> the names of the targets it sees, itself included."""
    seen = {}

    def visit(n, stack):
        if n in seen:
            return seen[n]
        out = {n}
        for d in by_name[n].depends:
            if d not in stack:
                out |= visit(d, stack | {d})
        seen[n] = out
        return out

    for n in by_name:
        visit(n, {n})
    return seen


def sees(f, g, by_folder, by_name, reach):
    """Whether file f (under src/) may include or call into file g."""
    tf, tg = target_of(f, by_folder), target_of(g, by_folder)
    df, dg = os.path.dirname(f), os.path.dirname(g)
    if tf is None:
        return False
    if tg is None:  # a header-only folder (kernels/) some target sees
        return any(dg == h for n in reach[by_folder[tf].name] for h in by_name[n].headers)
    if tf == tg:  # the same target: its own folder and those above it in the target
        return df == dg or df.startswith(dg + '/')
    return by_folder[tg].name in reach[by_folder[tf].name] and dg == tg


# ---- the files' includes and calls -------------------------------------------

STRIP = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
# A function definition: a line at column 0, not static, naming the
# function before its '(', with the body's '{' after the ')' (same line or next).
DEFINES = re.compile(r'^(?!static\b)[A-Za-z_][^;\n()]*?\b(\w+)\([^;{]*?\)\s*\{', re.M)
CALLS = re.compile(r'\b(\w+)\s*\(')


def node(f):
    return os.path.splitext(f)[0]


def resolve(f, name, by_name):
    """The header an #include "name" of file f finds: beside f, else by name."""
    here = os.path.normpath(os.path.join(os.path.dirname(f), name))
    if os.path.isfile(os.path.join(ROOT, here)):
        return here
    return by_name.get(os.path.basename(name))


def includes(files, headers, errors):
    """The include graph (node -> nodes), with the curses and CUDA rules."""
    graph = {}
    for f in files:
        top = f.split('/')[0]
        for kind, inc in INCLUDE.findall(read(f)):
            name = os.path.basename(inc)
            if CURSES.match(inc) and f != CURSES_FILE:
                errors.append(f'{f}: includes <{inc}>: curses belongs in {CURSES_FILE}')
            if CUDA.match(name) and top != 'kernels' and \
                    not f.startswith(('src/measure/runner_cuda', 'tests/gpu_')) \
                    and not (top == 'bench' and f.endswith(('.cu', '.cuh'))):
                errors.append(f'{f}: includes {inc}: CUDA belongs in kernels/ and the CUDA runner')
            target = resolve(f, inc, headers) if kind == '"' else None
            if target and node(target) != node(f):
                graph.setdefault(f, set()).add(target)
    return graph


def calls(files):
    """file -> {(callee's file, function)} for calls between .c files of src/."""
    progs = [f for f in files if f.endswith('.c') and f.startswith(LAYERED)]
    texts = {f: STRIP.sub(' ', read(f)) for f in progs}
    owner = {}
    for f in progs:
        for name in DEFINES.findall(texts[f]):
            owner.setdefault(name, set()).add(f)
    out = {}
    for f in progs:
        for name in set(CALLS.findall(texts[f])) - {'main'}:
            # a function this file defines too is its own (another build's
            # alternative, as runner_open in runner_open_nocuda.c and runner_cuda.c)
            if f in owner.get(name, ()):
                continue
            for g in owner.get(name, ()):
                out.setdefault(f, set()).add((g, name))
    return out


def cycles(graph, what):
    """One message per cycle found (depth-first search)."""
    found, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                found.append(what + ': ' + ' -> '.join(stack[stack.index(m):] + [m]))
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)
    return found


def by_node(graph):
    """A file graph folded onto nodes (a .c and its header are one)."""
    out = {}
    for f, gs in graph.items():
        for g in gs:
            g = g[0] if isinstance(g, tuple) else g
            if node(g) != node(f):
                out.setdefault(node(f), set()).add(node(g))
    return out


def too_long():
    """One message per source file over MAX_LINES."""
    out = []
    for f in sorted(sources(SIZED)):
        n = read(f).count('\n')
        if not f.startswith(NOT_SIZED) and n > MAX_LINES:
            out.append(f'{f}: {n} lines (at most {MAX_LINES})')
    return out


def main():
    errors = []
    by_folder, by_target = targets(errors)
    reach = below(by_target)
    layer_graph = {t.folder: {by_target[d].folder for d in t.depends} for t in by_folder.values()}
    errors += cycles(layer_graph, 'layer cycle')
    files = sorted(sources())
    headers = {}
    for f in files:
        if f.endswith(('.h', '.cuh')) and f.startswith(('src/', 'kernels/')):
            if os.path.basename(f) in headers:
                errors.append(f'{f}: a second {os.path.basename(f)} (also '
                              f'{headers[os.path.basename(f)]}); includes find headers by name')
            headers.setdefault(os.path.basename(f), f)
    for f in files:
        if f.startswith(LAYERED) and target_of(f, by_folder) is None:
            errors.append(f'{f}: no target owns its folder (a CMakeLists.txt with tpx_layer)')
    inc = includes(files, headers, errors)
    for f in sorted(inc):
        for g in sorted(inc[f]):
            if f.startswith('kernels/') and g.startswith('src/'):
                errors.append(f'{f}: includes {g}: kernels/ is the bottom layer, it sees only '
                              f'itself')
            if f.startswith(LAYERED) and g.startswith(('src/', 'kernels/')) and \
                    not sees(f, g, by_folder, by_target, reach):
                errors.append(f'{f}: includes {g}, which its layer '
                              f'({target_of(f, by_folder)}) does not see')
    cg = calls(files)
    for f in sorted(cg):
        for g, name in sorted(cg[f]):
            if not sees(f, g, by_folder, by_target, reach):
                errors.append(f'{f}: calls {name} of {g}, which its layer '
                              f'({target_of(f, by_folder)}) does not see')
    errors += cycles(by_node(inc), 'include cycle')
    errors += cycles(by_node(cg), 'call cycle')
    errors += too_long()
    for e in errors:
        print(e)
    print(f'check_includes: {len(files)} files, {len(by_folder)} layers, {len(errors)} problem(s)')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
