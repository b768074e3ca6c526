#!/usr/bin/env python3
"""The include rules of tpx's design, checked over the sources.

Fails (exit 1, one line per breach) on:
  - curses (<curses.h>, <ncurses*.h>, <term.h>) outside src/explorer/shell/term_curses.c;
  - CUDA headers (cuda*.h, cublas*, *.cuh, tpx_gpu.h) outside kernels/,
    src/measure/runner_cuda* and the standalone GPU programs of bench/ (*.cu);
  - the views and the chrome (src/explorer/views, src/explorer/chrome)
    reaching the CUDA runner, or the dispatch above them (app.h, headless.h,
    term_backend.h);
  - the app state (src/explorer/state) reaching the layers above it;
  - src/model reaching src/measure, src/cli, src/ui or src/explorer;
  - an include cycle among the project's modules (a module: a header and the
    .c files of the same name; an edge: a file of one includes a header of
    the other);
  - a call cycle among the program's modules (src/): a .c file
    calls a function defined in another module's .c (a .c file without a
    header of its own belongs to the header that declares the functions it
    defines: runner_cuda_measure.c to runner_cuda.h, bw_heatmap.c to
    bandwidth.h);
  - a source file (.c .h .cu .cuh .py .sh) under src/ kernels/ tests/
    bench/ over 400 lines (bench/results/, the measured data, excepted).
Usage: check_includes.py [ROOT]  (default: the repository holding this file)
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..'))
DIRS = ['src', 'kernels', 'tests', 'bench']
SIZED = ('.c', '.h', '.cu', '.cuh', '.py', '.sh')
NOT_SIZED = ('bench/results/',)
CALLERS = ('src/',)
MAX_LINES = 400
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
CURSES = re.compile(r'^(curses\.h|ncurses.*\.h|ncursesw/.*|term\.h)$')
CUDA = re.compile(r'^(cuda.*\.h|cublas.*|.*\.cuh|tpx_gpu\.h)$')
ABOVE_VIEWS = {'app.h', 'headless.h', 'term_backend.h'}
PAINTERS = ('src/explorer/views', 'src/explorer/chrome')
ABOVE_STATE = ('src/explorer/views', 'src/explorer/chrome', 'src/explorer/app',
               'src/explorer/shell')
CURSES_FILE = 'src/explorer/shell/term_curses.c'


def sources(exts=('.c', '.h', '.cu', '.cuh')):
    for d in DIRS:
        for base, _, files in os.walk(os.path.join(ROOT, d)):
            for f in sorted(files):
                if f.endswith(exts):
                    yield os.path.relpath(os.path.join(base, f), ROOT)


def read(f):
    with open(os.path.join(ROOT, f), encoding='utf-8', errors='replace') as fh:
        return fh.read()


def too_long():
    """One message per source file over MAX_LINES."""
    out = []
    for f in sorted(sources(SIZED)):
        n = read(f).count('\n')
        if not f.startswith(NOT_SIZED) and n > MAX_LINES:
            out.append(f'{f}: {n} lines (at most {MAX_LINES})')
    return out


def main():
    files = sorted(sources())
    by_name = {}
    for f in files:
        if f.endswith(('.h', '.cuh')):
            by_name.setdefault(os.path.basename(f), f)
    errors = []
    graph = {}
    for f in files:
        text = read(f)
        node = os.path.splitext(f)[0]
        parts = f.split('/')
        top = parts[0] if parts[0] != 'src' else \
            '/'.join(parts[:3] if parts[1] == 'explorer' else parts[:2])
        for kind, inc in INCLUDE.findall(text):
            name = os.path.basename(inc)
            if CURSES.match(inc) and f != CURSES_FILE:
                errors.append(f'{f}: includes <{inc}>: curses belongs in {CURSES_FILE}')
            if CUDA.match(name) and top != 'kernels' and \
                    not f.startswith('src/measure/runner_cuda') and not f.startswith('tests/gpu_') \
                    and not (top == 'bench' and f.endswith(('.cu', '.cuh'))):
                errors.append(f'{f}: includes {inc}: CUDA belongs in kernels/ and the CUDA runner')
            if kind != '"' or name not in by_name:
                continue
            target = by_name[name]
            if top in PAINTERS and (target.startswith('src/measure/runner_cuda') or
                                    name in ABOVE_VIEWS):
                errors.append(f'{f}: includes {name}: views see the app state, not {target}')
            if top == 'src/explorer/state' and target.startswith(ABOVE_STATE):
                errors.append(f'{f}: includes {name}: the app state must not reach {target}')
            if top == 'src/model' and \
                    target.startswith(('src/explorer', 'src/ui', 'src/measure', 'src/cli')):
                errors.append(f'{f}: includes {name}: the model must not reach {target}')
            dst = os.path.splitext(target)[0]
            if dst != node:
                graph.setdefault(node, set()).add(dst)
    errors += cycles(graph, 'include cycle')
    errors += cycles(call_graph(files), 'call cycle')
    errors += too_long()
    for e in errors:
        print(e)
    print(f'check_includes: {len(files)} files, {len(errors)} problem(s)')
    return 1 if errors else 0


STRIP = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
# A function definition: a line at column 0, not static, naming the
# function before its '(', with the body's '{' after the ')' (same line or next).
DEFINES = re.compile(r'^(?!static\b)[A-Za-z_][^;\n()]*?\b(\w+)\([^;{]*?\)\s*\{', re.M)
CALLS = re.compile(r'\b(\w+)\s*\(')


def call_module(f, own, declared):
    """The module a .c file implements: its own header, else the header
    declaring most of the functions it defines, else itself."""
    node = os.path.splitext(f)[0]
    if node in declared:
        return node
    votes = {}
    for name in own:
        for h in declared.get(name, ()):
            votes[h] = votes.get(h, 0) + 1
    return max(sorted(votes), key=votes.get) if votes else node


def call_graph(files):
    """Module -> modules whose functions its .c files call."""
    headers = [f for f in files if f.endswith('.h')]
    progs = [f for f in files if f.endswith('.c') and f.startswith(CALLERS)]
    texts = {f: STRIP.sub(' ', read(f)) for f in progs}
    defined = {f: set(DEFINES.findall(texts[f])) for f in progs}
    declared = {}  # function name -> headers naming it; header -> itself
    for h in headers:
        node = os.path.splitext(h)[0]
        declared[node] = {node}
        for name in set(CALLS.findall(STRIP.sub(' ', read(h)))):
            declared.setdefault(name, set()).add(node)
    module = {f: call_module(f, defined[f], declared) for f in progs}
    owner = {}
    for f in progs:
        for name in defined[f]:
            owner.setdefault(name, set()).add(module[f])
    graph = {}
    for f in progs:
        mod = module[f]
        for name in set(CALLS.findall(texts[f])) - {'main'}:
            # a function this module defines too is its own (another build's
            # alternative, as runner_open in runner_open_nocuda.c and runner_cuda.c)
            if mod in owner.get(name, ()):
                continue
            for dst in owner.get(name, ()):
                graph.setdefault(mod, set()).add(dst)
    return graph


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


if __name__ == '__main__':
    sys.exit(main())
