#!/usr/bin/env python3
"""The include rules of tpx's design, checked over the sources.

Fails (exit 1, one line per breach) on:
  - curses (<curses.h>, <ncurses*.h>, <term.h>) outside src/app/term_curses.c;
  - CUDA headers (cuda*.h, cublas*, *.cuh, tpx_gpu.h) outside kernels/,
    src/measure/runner_cuda* and the standalone GPU programs of bench/ (*.cu);
  - views/ reaching the CUDA runner, or the dispatch above them (app.h,
    headless.h, term_backend.h);
  - the app state (tpx_app's files in src/app) reaching views/;
  - src/model reaching src/app, src/measure, src/cli or views/;
  - an include cycle among the project's modules (a module: a header and the
    .c files of the same name; an edge: a file of one includes a header of
    the other);
  - a .c or .h file of the program (src/, views/, kernels/, bench/) over 400
    lines.
Usage: check_includes.py [ROOT]  (default: the repository holding this file)
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..'))
DIRS = ['src', 'views', 'kernels', 'tests', 'bench']
MAX_LINES = 400
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
CURSES = re.compile(r'^(curses\.h|ncurses.*\.h|ncursesw/.*|term\.h)$')
CUDA = re.compile(r'^(cuda.*\.h|cublas.*|.*\.cuh|tpx_gpu\.h)$')
# The files of tpx_app (cmake/tui.cmake): the state the views read.
APP_STATE = {'app_state', 'edit', 'keys', 'layout', 'scene', 'tour'}
ABOVE_VIEWS = {'app.h', 'headless.h', 'term_backend.h'}


def sources():
    for d in DIRS:
        for base, _, files in os.walk(os.path.join(ROOT, d)):
            for f in sorted(files):
                if f.endswith(('.c', '.h', '.cu', '.cuh')):
                    yield os.path.relpath(os.path.join(base, f), ROOT)


def main():
    files = sorted(sources())
    by_name = {}
    for f in files:
        if f.endswith(('.h', '.cuh')):
            by_name.setdefault(os.path.basename(f), f)
    errors = []
    graph = {}
    for f in files:
        with open(os.path.join(ROOT, f), encoding='utf-8', errors='replace') as fh:
            text = fh.read()
        if f.endswith(('.c', '.h')) and not f.startswith('tests/') and \
                text.count('\n') > MAX_LINES:
            errors.append(f'{f}: {text.count(chr(10))} lines (at most {MAX_LINES})')
        node = os.path.splitext(f)[0]
        top = f.split('/')[0] if not f.startswith('src/') else '/'.join(f.split('/')[:2])
        for kind, inc in INCLUDE.findall(text):
            name = os.path.basename(inc)
            if CURSES.match(inc) and f != 'src/app/term_curses.c':
                errors.append(f'{f}: includes <{inc}>: curses belongs in src/app/term_curses.c')
            if CUDA.match(name) and top != 'kernels' and \
                    not f.startswith('src/measure/runner_cuda') and not f.startswith('tests/gpu_') \
                    and not (top == 'bench' and f.endswith(('.cu', '.cuh'))):
                errors.append(f'{f}: includes {inc}: CUDA belongs in kernels/ and the CUDA runner')
            if kind != '"' or name not in by_name:
                continue
            target = by_name[name]
            if top == 'views' and (target.startswith('src/measure/runner_cuda') or
                                   name in ABOVE_VIEWS):
                errors.append(f'{f}: includes {name}: views see the app state, not {target}')
            if top == 'src/app' and os.path.basename(node) in APP_STATE and \
                    target.startswith('views/'):
                errors.append(f'{f}: includes {name}: the app state must not reach views/')
            if top == 'src/model' and target.split('/')[0] in ('views',) or \
                    (top == 'src/model' and target.startswith(('src/app', 'src/measure', 'src/cli'))):
                errors.append(f'{f}: includes {name}: the model must not reach {target}')
            dst = os.path.splitext(target)[0]
            if dst != node:
                graph.setdefault(node, set()).add(dst)
    errors += cycles(graph)
    for e in errors:
        print(e)
    print(f'check_includes: {len(files)} files, {len(errors)} problem(s)')
    return 1 if errors else 0


def cycles(graph):
    """One message per include cycle found (depth-first search)."""
    found, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                found.append('include cycle: ' + ' -> '.join(stack[stack.index(m):] + [m]))
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
