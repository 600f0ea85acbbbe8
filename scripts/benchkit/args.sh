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
