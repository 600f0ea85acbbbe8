# Option checks shared by the benchmark scripts written in bash (scripts/bench,
# scripts/bench-history); sourced, not run. A bad value exits 2 with the option, what it takes
# and the usage, before anything is installed, built or measured.

# need_number PROG USAGE OPTION LEAST MOST [VALUE]: VALUE must be a whole number from LEAST to
# MOST. Pass VALUE as "${@:2:1}" so a missing one is noticed here (bash's own ${2:?} message
# names a script line, not the option).
need_number() {
  local prog=$1 usage=$2 option=$3 least=$4 most=$5
  if (($# < 6)); then
    echo "$prog: $option needs a whole number from $least to $most after it; usage: $usage" >&2
    exit 2
  fi
  local value=$6
  # The length check keeps bash's integers from overflowing; 10# keeps "08" from meaning octal.
  if [[ ! "$value" =~ ^[0-9]+$ ]] || ((${#value} > 9)) || ((10#$value < least || 10#$value > most)); then
    echo "$prog: $option takes a whole number from $least to $most, not '$value'; usage: $usage" >&2
    exit 2
  fi
}

# wants_help ARG...: whether --help or -h is among the arguments (it wins wherever it is).
wants_help() {
  local arg
  for arg in "$@"; do
    [[ "$arg" == --help || "$arg" == -h ]] && return 0
  done
  return 1
}

# closest_name TYPED NAME...: the one NAME within two edits of TYPED (insert, delete, replace,
# or swap two neighbours), as drover's own "did you mean" (Sources/DroverCLI/Arguments/
# Suggestion.swift) picks it; prints nothing when none is that close or two are equally close.
# Done in bash, not awk: TYPED is taken as typed (awk -v would read its backslashes as escapes)
# and counted in characters, not bytes (mawk's length), under a UTF-8 locale where there is one.
closest_name() {
  local typed=$1; shift
  local LC_ALL=C.UTF-8 2>/dev/null
  # Nothing longer than any name plus two can be within two edits; a long paste costs nothing.
  ((${#typed} > 64)) && return 0
  local name least=3 found="" ties=0 score
  for name in "$@"; do
    [[ "$name" == "$typed" ]] && continue
    score=$(edit_distance "$typed" "$name")
    if ((score < least)); then least=$score; found=$name; ties=0
    elif ((score == least)); then ties=$((ties + 1)); fi
  done
  ((least <= 2 && ties == 0)) && printf '%s\n' "$found"
  return 0
}

# edit_distance A B: insertions, deletions, replacements and swaps of neighbours that make A
# into B (optimal string alignment), counted in characters.
edit_distance() {
  local a=$1 b=$2 n=${#1} m=${#2} i j cost best width
  local -a d
  width=$((m + 1))
  for ((i = 0; i <= n; i++)); do d[i * width]=$i; done
  for ((j = 0; j <= m; j++)); do d[j]=$j; done
  for ((i = 1; i <= n; i++)); do
    for ((j = 1; j <= m; j++)); do
      cost=1; [[ "${a:i-1:1}" == "${b:j-1:1}" ]] && cost=0
      best=$((d[(i - 1) * width + j] + 1))
      ((d[i * width + j - 1] + 1 < best)) && best=$((d[i * width + j - 1] + 1))
      ((d[(i - 1) * width + j - 1] + cost < best)) && best=$((d[(i - 1) * width + j - 1] + cost))
      if ((i > 1 && j > 1)) && [[ "${a:i-1:1}" == "${b:j-2:1}" && "${a:i-2:1}" == "${b:j-1:1}" ]] \
        && ((d[(i - 2) * width + j - 2] + 1 < best)); then
        best=$((d[(i - 2) * width + j - 2] + 1))
      fi
      d[i * width + j]=$best
    done
  done
  echo "${d[n * width + m]}"
}

# unknown_command PROG TYPED NAME...: PROG's refusal of a command it does not have, with the
# closest NAME as "did you mean" and every NAME listed; exits 2.
unknown_command() {
  local prog=$1 typed=$2; shift 2
  local guess
  guess=$(closest_name "$typed" "$@")
  if [[ "$typed" == -* ]]; then
    :  # the caller said what is wrong with an option
  elif [[ -n "$guess" ]]; then
    echo "$prog: unknown command '$typed'; did you mean '$guess'?" >&2
  else
    echo "$prog: unknown command '$typed'" >&2
  fi
  local IFS=,
  local list="$*"
  echo "commands: ${list//,/, } ($prog --help says what each does)" >&2
  exit 2
}
