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
closest_name() {
  local typed=$1; shift
  awk -v typed="$typed" '
    function distance(a, b,    i, j, n, m, cost, best, d) {
      n = length(a); m = length(b)
      for (i = 0; i <= n; i++) d[i, 0] = i
      for (j = 0; j <= m; j++) d[0, j] = j
      for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) {
        cost = substr(a, i, 1) == substr(b, j, 1) ? 0 : 1
        best = d[i - 1, j] + 1
        if (d[i, j - 1] + 1 < best) best = d[i, j - 1] + 1
        if (d[i - 1, j - 1] + cost < best) best = d[i - 1, j - 1] + cost
        if (i > 1 && j > 1 && substr(a, i, 1) == substr(b, j - 1, 1) && substr(a, i - 1, 1) == substr(b, j, 1) \
            && d[i - 2, j - 2] + 1 < best) best = d[i - 2, j - 2] + 1
        d[i, j] = best
      }
      return d[n, m]
    }
    BEGIN {
      least = 3
      for (k = 1; k < ARGC; k++) {
        if (ARGV[k] == typed) continue
        score = distance(typed, ARGV[k])
        if (score < least) { least = score; found = ARGV[k]; ties = 0 }
        else if (score == least) ties++
      }
      if (least <= 2 && ties == 0) print found
    }' "$@"
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
