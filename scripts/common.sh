# Helpers the scripts source (from the repository's root): a free loopback port, and a bounded wait.

# A loopback port nobody listens on now.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Runs "$@" every 0.1 s until it succeeds, for at most 60 s: a server that does not come up fails the run instead of
# hanging it.
wait_for() {
  for _ in $(seq 600); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "$(basename "$0"): gave up waiting for: $*" >&2
  exit 1
}
