#include "term_backend.h"

#include <curses.h>
#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

#include "keys.h"
#include "text.h"
#include "theme.h"

/* Read by the signal handler, so an atomic-sized volatile. */
static volatile sig_atomic_t open_now;
static int mono;
static SCREEN *screen;
static struct termios saved_tty;
static int have_saved_tty;
/* What the emergency path writes: leave the alternate screen, show the
 * cursor, reset attributes, stop mouse reporting. */
static char restore_seq[256];
static size_t restore_len;

int term_locale_utf8(void)
{
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C"); /* figures read "528.4" as in tpx report, in any locale */
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static void add_restore(const char *s)
{
    if (!s || s == (char *)-1)
        return;
    size_t len = strlen(s);
    if (restore_len + len < sizeof restore_seq) {
        memcpy(restore_seq + restore_len, s, len);
        restore_len += len;
    }
}

/* Computed while it is safe to call curses, because a signal handler may
 * only write() it: keypad and mouse reporting off, attributes reset, cursor
 * shown, then back from the alternate screen. */
static void build_restore(void)
{
    restore_len = 0;
    add_restore(tigetstr("rmkx"));
    add_restore("\033[?1000l\033[?1002l\033[?1003l\033[?1006l");
    add_restore(tigetstr("sgr0"));
    add_restore(tigetstr("cnorm"));
    add_restore(tigetstr("rmcup"));
    add_restore("\r\n");
}

/* Every signal whose default action ends the process, except the three the
 * explorer takes as "quit" (SIGINT, SIGTERM, SIGHUP: it closes cleanly) and
 * SIGTSTP and friends, which curses handles. */
static const int fatal_signals[] = {SIGQUIT, SIGILL,  SIGABRT, SIGBUS,    SIGFPE,  SIGSEGV,
                                    SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM,   SIGXCPU, SIGXFSZ,
                                    SIGSYS,  SIGTRAP, SIGPROF, SIGVTALRM};
#define N_FATAL (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction old_actions[N_FATAL];
static int caught;

/* Puts the terminal back and lets the signal do what it would have done:
 * with SA_RESETHAND the action is default again, and the signal raised
 * here is delivered as the handler returns (a fault faults again). */
static void on_fatal(int sig)
{
    term_emergency_restore();
    raise(sig);
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_fatal;
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < N_FATAL; i++) {
        sigaction(fatal_signals[i], NULL, &old_actions[i]);
        /* One ignored by whoever started tpx (tmux ignores SIGPIPE) stays so. */
        if (old_actions[i].sa_handler != SIG_IGN)
            sigaction(fatal_signals[i], &sa, NULL);
    }
    caught = 1;
}

/* Ctrl-Z, or SIGTSTP from outside: the handler only asks; term_read stops
 * the explorer where curses is idle (curses' own handler would run inside
 * whatever curses call the signal interrupted). */
static volatile sig_atomic_t stop_asked;
static struct sigaction old_tstp;
static void on_tstp(int sig)
{
    (void)sig;
    stop_asked = 1;
}

static void catch_tstp(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_tstp; /* no SA_RESTART: a waiting read returns at once */
    sigaction(SIGTSTP, &sa, &old_tstp);
}

/* Gives the terminal back to the shell, stops until fg (SIGCONT), takes the
 * terminal again and has everything repainted. */
static void suspend_now(void)
{
    stop_asked = 0;
    def_prog_mode();
    endwin();
    fflush(text_raw_stdout());
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    sigemptyset(&dfl.sa_mask);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &dfl, NULL);
    sigset_t tstp, old;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &old);
    raise(SIGTSTP); /* stopped here; fg continues */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    catch_tstp();
    reset_prog_mode();
    clearok(curscr, TRUE);
    refresh();
}

static void release_signals(void)
{
    sigaction(SIGTSTP, &old_tstp, NULL);
    stop_asked = 0;
    if (!caught)
        return;
    for (size_t i = 0; i < N_FATAL; i++)
        sigaction(fatal_signals[i], &old_actions[i], NULL);
    caught = 0;
}

static short curses_colour(int c) { return c < 0 ? -1 : (short)c; }

static void init_colours(void)
{
    if (use_default_colors() == ERR)
        assume_default_colors(COLOR_WHITE, COLOR_BLACK);
    for (int r = 0; r < TPX_R_COUNT && r + 1 < COLOR_PAIRS; r++) {
        tpx_style s = theme_term((tpx_role)r, 0, COLORS >= 256);
        init_pair((short)(r + 1), curses_colour(s.fg), curses_colour(s.bg));
    }
}

int term_open(tpx_term_info *info, char *msg, size_t n)
{
    const char *termname = getenv("TERM");
    if (!termname || !*termname) {
        snprintf(msg, n, "TERM is not set: the explorer needs to know the terminal");
        return -1;
    }
    have_saved_tty = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
    /* the pane's real size wins over LINES and COLUMNS from the environment
     * (a shell started at another size leaves them behind) */
    use_env(TRUE);
    use_tioctl(TRUE);
    /* ours before newterm, so that curses does not install its own */
    catch_tstp();
    /* the terminal's own sequences: past the gate that escapes everything else */
    fflush(stdout);
    screen = newterm(NULL, text_raw_stdout(), stdin);
    if (!screen) {
        sigaction(SIGTSTP, &old_tstp, NULL);
        snprintf(msg, n, "cannot use terminal type '%s' (no terminfo entry?)", termname);
        return -1;
    }
    set_term(screen);
    open_now = 1;
    const char *cup = tigetstr("cup");
    if (!cup || cup == (char *)-1) { /* "dumb" and friends: nothing to draw a screen with */
        term_close();
        snprintf(msg, n, "terminal type '%s' cannot move the cursor; the explorer needs one "
                         "that can (e.g. TERM=xterm-256color)", termname);
        return -1;
    }
    build_restore();

    cbreak(); /* not raw(): Ctrl-C stays a signal, handled as quit */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    mouseinterval(0);
    /* NO_COLOR (no-color.org): present and not empty.  COLORS is known only
     * after start_color(). */
    const char *nc = getenv("NO_COLOR");
    mono = (nc && *nc) || !has_colors() || start_color() == ERR || COLORS < 8;
    if (!mono)
        init_colours();
    info->mono = mono;
    info->utf8 = 0; /* decided by term_locale_utf8 */
    catch_signals();
    return 0;
}

void term_close(void)
{
    if (!open_now)
        return;
    open_now = 0;
    release_signals();
    mousemask(0, NULL);
    curs_set(1);
    endwin();
    delscreen(screen);
    screen = NULL;
    fflush(text_raw_stdout());
}

void term_emergency_restore(void)
{
    if (!open_now)
        return;
    open_now = 0;
    if (have_saved_tty)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
    ssize_t w = write(STDOUT_FILENO, restore_seq, restore_len);
    (void)w;
}

void term_size(int *w, int *h)
{
    getmaxyx(stdscr, *h, *w);
}

static int translate(int code)
{
    switch (code) {
    case KEY_UP: return TPX_KEY_UP;
    case KEY_DOWN: return TPX_KEY_DOWN;
    case KEY_LEFT: return TPX_KEY_LEFT;
    case KEY_RIGHT: return TPX_KEY_RIGHT;
    case KEY_PPAGE: return TPX_KEY_PGUP;
    case KEY_NPAGE: return TPX_KEY_PGDN;
    case KEY_HOME: return TPX_KEY_HOME;
    case KEY_END: return TPX_KEY_END;
    case KEY_BTAB: return TPX_KEY_BTAB;
    case KEY_BACKSPACE: return TPX_KEY_BACKSPACE;
    case KEY_ENTER: return TPX_KEY_ENTER;
    case KEY_F(1): return TPX_KEY_F1;
    case KEY_F(10): return TPX_KEY_F10;
    case KEY_RESIZE: return TPX_KEY_RESIZE;
    default: return TPX_KEY_NONE;
    }
}

int term_read(int timeout_ms, int *mx, int *my)
{
    wint_t ch;
    if (stop_asked) {
        suspend_now();
        return TPX_KEY_RESIZE; /* back from fg: lay out and draw it all again */
    }
    timeout(timeout_ms);
    int rc = get_wch(&ch);
    if (stop_asked) { /* it came while waiting: the key, if any, is read after fg */
        if (rc == KEY_CODE_YES)
            ungetch((int)ch);
        else if (rc != ERR)
            unget_wch(ch);
        suspend_now();
        return TPX_KEY_RESIZE;
    }
    if (rc == ERR)
        return TPX_KEY_NONE;
    if (rc == KEY_CODE_YES) {
        if (ch == KEY_MOUSE) {
            MEVENT ev;
            if (getmouse(&ev) == OK && (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
                *mx = ev.x;
                *my = ev.y;
                return TPX_KEY_MOUSE;
            }
            return TPX_KEY_NONE;
        }
        return translate((int)ch);
    }
    if (ch == '\r' || ch == '\n')
        return TPX_KEY_ENTER;
    if (ch == 127 || ch == 8)
        return TPX_KEY_BACKSPACE;
    return (int)ch;
}

static attr_t curses_attrs(int a)
{
    attr_t r = 0;
    if (a & TPX_A_BOLD)
        r |= A_BOLD;
    if (a & TPX_A_REVERSE)
        r |= A_REVERSE;
    if (a & TPX_A_UNDERLINE)
        r |= A_UNDERLINE;
    if (a & TPX_A_DIM)
        r |= A_DIM;
    return r;
}

void term_draw(const tpx_canvas *cv)
{
    int w, h;
    getmaxyx(stdscr, h, w);
    for (int y = 0; y < cv->h && y < h; y++)
        for (int x = 0; x < cv->w && x < w; x++) {
            const tpx_cell *c = &cv->cells[y * cv->w + x];
            tpx_style s = theme_spec((tpx_role)c->role, mono);
            wchar_t wc[2] = {(wchar_t)c->cp, 0};
            cchar_t cc;
            setcchar(&cc, wc, curses_attrs(s.attrs | c->attrs), mono ? 0 : (short)(c->role + 1),
                     NULL);
            mvadd_wch(y, x, &cc); /* the bottom-right cell reports ERR but is drawn */
        }
    wnoutrefresh(stdscr);
    doupdate();
}
