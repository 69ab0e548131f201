#!/usr/bin/python3
"""manpage.py STACKBENCH OUT.1.gz [HOMEPAGE] - writes stackbench(1) from the program's own help.

Runs `STACKBENCH --help`, reads the command list from its "Commands:" section, runs
`STACKBENCH COMMAND --help` for each, and turns Qt's help layout (usage line, description,
"Options:" and "Arguments:" tables) into roff, so the man page never drifts from --help.
Standard library only. The output is gzipped with no name or time in its header, and dated by
SOURCE_DATE_EPOCH when set, so two builds of one source give the same bytes.
"""
import datetime
import gzip
import os
import re
import subprocess
import sys

# Defaults under $HOME are printed with the builder's home; the man page says "~" instead. Qt
# wraps the help at a fixed width, inside a long path too, so the stand-in is short.
FAKE_HOME = "/~"
ENTRY = re.compile(r"^  (\S.*?)(?:\s{2,}(\S.*))?$")
CONTINUATION = re.compile(r"^\s{3,}(\S.*)$")


def run_help(program, args):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": FAKE_HOME,
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([program] + args + ["--help"], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit(f"manpage.py: '{program} {' '.join(args + ['--help'])}' failed "
                 f"(exit {done.returncode}): {done.stderr.strip()}")
    return done.stdout.replace(FAKE_HOME + "/", "~/").splitlines()


def roff(text):
    """Escapes plain text for roff: backslashes, option dashes and control characters."""
    text = text.replace("\\", "\\e")
    text = re.sub(r"(^|(?<=[\s(\[|'\"]))-", r"\\-", text)
    text = re.sub(r"(?<=\\-)-", r"\\-", text)
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def parse(lines):
    """Qt's help as {usage, description: [paragraphs], sections: {title: [(name, text)]}}."""
    page = {"usage": "", "description": [], "sections": {}}
    paragraph, section = [], None
    for line in lines:
        if line.startswith("Usage: "):
            page["usage"] = line[len("Usage: "):].strip()
        elif re.match(r"^[A-Z][A-Za-z ]*:$", line):
            section = page["sections"].setdefault(line[:-1], [])
        elif not line.strip():
            section = None  # a blank line ends a paragraph and a table
            if paragraph:
                page["description"].append(" ".join(paragraph))
                paragraph = []
        elif section is None and page["sections"]:
            continue  # notes after the tables ("Run 'stackbench COMMAND --help'"): read elsewhere
        elif section is None:
            paragraph.append(line.strip())
        elif CONTINUATION.match(line) and section:
            name, text = section[-1]
            section[-1] = (name, (text + " " + CONTINUATION.match(line).group(1)).strip())
        elif ENTRY.match(line):
            match = ENTRY.match(line)
            section.append((match.group(1), match.group(2) or ""))
    if paragraph:
        page["description"].append(" ".join(paragraph))
    return page


def option_name(name):
    """'-c, --connections <N>' in bold with its value in italics."""
    parts = re.split(r"(<[^>]*>)", name)
    out = []
    for part in parts:
        if part.startswith("<"):
            out.append("\\fI" + roff(part) + "\\fR")
        elif part:
            out.append("\\fB" + roff(part) + "\\fR")
    return "".join(out)


def table(entries):
    out = []
    for name, text in entries:
        out += [".TP", option_name(name), roff(text)]
    return out


def usage_line(usage):
    """'stackbench run [options] PLAN' with the program and the command in bold."""
    words = usage.split()
    bold = 2 if len(words) > 1 and re.fullmatch(r"[a-z][a-z-]*", words[1]) else 1
    head, rest = " ".join(words[:bold]), " ".join(words[bold:])
    return f"\\fB{roff(head)}\\fR {roff(rest)}".rstrip()


def commands(top):
    """(name, summary) pairs from the top-level help's "Commands:" section."""
    return [(name, text) for name, text in top["sections"].get("Commands", [])
            if re.fullmatch(r"[a-z][a-z-]*", name)]


def exit_status(lines):
    for line in lines:
        if line.startswith("Exit codes: "):
            codes = line[len("Exit codes: "):].rstrip(".")
            out = []
            for item in codes.split(", "):
                code, _, meaning = item.partition(" ")
                out += [".TP", f"\\fB{code}\\fR", roff(meaning) + "."]
            return out
    return []


def build(program, homepage):
    top_lines = run_help(program, [])
    top = parse(top_lines)
    version = subprocess.run([program, "--version"], capture_output=True, text=True,
                             timeout=60, check=True).stdout.split()[1]
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None
    when = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc) if epoch else \
        datetime.datetime.now(datetime.timezone.utc)
    summary = top["description"][0].split(". ")[0].rstrip(".")
    out = [f'.TH STACKBENCH 1 "{when:%Y-%m-%d}" "stackbench {version}" "User Commands"',
           ".SH NAME", "stackbench \\- " + roff(summary[0].lower() + summary[1:]),
           ".SH SYNOPSIS", usage_line("stackbench " + top["usage"].split(" ", 1)[1])]
    pages = []
    for name, text in commands(top):
        page = parse(run_help(program, [name]))
        pages.append((name, text, page))
        out += [".br", usage_line(page["usage"])]
    out += [".br", "\\fBstackbench\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR",
            ".SH DESCRIPTION"]
    for paragraph in top["description"]:
        out += [roff(paragraph), ".PP"]
    out += ["Every command prints its options and their defaults with \\fB\\-\\-help\\fR; "
            "this page is made from that text.",
            ".SH OPTIONS", ".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR",
            "Print the commands and exit.", ".TP", "\\fB\\-\\-version\\fR",
            "Print the version and the source revision and exit.", ".SH COMMANDS"]
    for name, text, page in pages:
        out += [f".SS {name}", roff(text[0].upper() + text[1:]) + ".", ".PP",
                usage_line(page["usage"])]
        for paragraph in page["description"]:
            out += [".PP", roff(paragraph)]
        for title, entries in page["sections"].items():
            out += [".PP", f"\\fI{roff(title)}\\fR", ".RS"] + table(entries) + [".RE"]
    status = exit_status(top_lines)
    if status:
        out += [".SH EXIT STATUS"] + status
    out += [".SH SEE ALSO", roff(homepage) if homepage else "stackbench \\-\\-help"]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: manpage.py STACKBENCH OUT.1.gz [HOMEPAGE]")
    text = build(sys.argv[1], sys.argv[3] if len(sys.argv) == 4 else "")
    data = gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
    with open(sys.argv[2], "wb") as out:
        out.write(data)


if __name__ == "__main__":
    main()
