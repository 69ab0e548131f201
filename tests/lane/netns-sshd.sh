#!/usr/bin/env bash
# The equal-resource lane's CI harness, with no outside network: two network namespaces joined
# by a veth link (10.250.N.0/30, never routed out), Debian's sshd (openssh-server) in one of them
# with throwaway host and user keys in a temporary directory, and the user's OpenSSH client in
# the other running `stackbench agent --version` through it, as the controller does (BatchMode,
# a known_hosts file that holds the throwaway host key).
#
#   tests/lane/netns-sshd.sh STACKBENCH [COMMAND...]
#
# STACKBENCH is the stackbench binary (run on the "remote" side by its absolute path). COMMAND,
# when given, runs instead of the --version check in the client's namespace with SB_SSH set to
# the ssh command line that reaches the agent host (an array's words, space-separated; none has
# a space), SB_AGENT_ADDR to that host's address, SB_CLIENT_ADDR to the client's own and
# SB_CLIENT_IF to the client's end of the link (a test may cut it). With SB_AGENTS=2 in the
# environment a second agent namespace is made the same way (its own veth link, 10.251.N.0/30,
# its own sshd with the same throwaway keys, and a route to SB_CLIENT_ADDR through its link), and
# COMMAND gets SB_SSH_2, SB_AGENT_ADDR_2 and SB_CLIENT_ADDR_2 as well; SB_SSH_KEY and
# SB_KNOWN_HOSTS name the user key and the known_hosts file both ssh commands use. With
# SB_SERVER_NS=1 a third namespace is made for a server under test: its own veth link to the
# client's namespace (10.252.N.0/30, never routed out), the client's namespace forwarding
# between its links (net.ipv4.ip_forward in that namespace only) and routes in every agent
# namespace and in the server's through their links, so that the agents' load reaches the server
# and its answers come back; COMMAND gets SB_SERVER_NS_NAME (for `ip netns exec`), SB_SERVER_ADDR
# and SB_CLIENT_ADDR_3 (the client's end of that link). Nothing runs in it until COMMAND starts
# something there; what is left in it on exit is ended like the agents' sessions.
# Exit codes: 0 it worked, 1 it failed (the reason on stderr), 77 this machine cannot create
# network namespaces (not root, no CAP_NET_ADMIN): a test skips then.
# Everything it creates (namespaces, veth, sshd by its pid, the temporary directory) is removed
# on exit, also on failure or interruption.
set -euo pipefail

stackbench=${1:?usage: netns-sshd.sh STACKBENCH [COMMAND...]}
shift
stackbench=$(readlink -f "$stackbench")
[ -x "$stackbench" ] || { echo "netns-sshd: $stackbench is not executable" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  echo "netns-sshd: needs root to create network namespaces" >&2
  exit 77
fi

sshd=/usr/sbin/sshd
if [ ! -x "$sshd" ]; then
  echo "netns-sshd: installing openssh-server (.ci/setup installs it too)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    -o DPkg::Lock::Timeout=600 openssh-server >/dev/null
fi

# Names and addresses of this run: the pid keeps two runs apart.
tag=$$
net=$(( tag % 250 + 1 ))
client_ns=sblane-c-$tag
agent_ns=sblane-a-$tag
client_if=sblc$tag
agent_if=sbla$tag
client_addr=10.250.$net.1
agent_addr=10.250.$net.2
agents=${SB_AGENTS:-1}
agent2_ns=sblane-b-$tag
client2_if=sblc2$tag
agent2_if=sbla2$tag
client2_addr=10.251.$net.1
agent2_addr=10.251.$net.2
server=${SB_SERVER_NS:-}
server_ns=sblane-s-$tag
client3_if=sblc3$tag
server_if=sbls$tag
client3_addr=10.252.$net.1
server_addr=10.252.$net.2

tmp=$(mktemp -d /tmp/sb-netns-sshd.XXXXXX)
sshd_pid=
sshd2_pid=
made_run_sshd=
cleanup() {
  set +e
  for p in $sshd_pid $sshd2_pid; do
    kill "$p" 2>/dev/null
    wait "$p" 2>/dev/null
  done
  # The sessions of that sshd and what they run (an agent behind a cut link): every process
  # left in the agent's namespace is this run's.
  local pids
  for ns in "$agent_ns" "$agent2_ns" "$server_ns"; do
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    [ -n "$pids" ] && kill -9 $pids 2>/dev/null
  done
  ip netns del "$client_ns" 2>/dev/null
  ip netns del "$agent_ns" 2>/dev/null
  ip netns del "$agent2_ns" 2>/dev/null
  ip netns del "$server_ns" 2>/dev/null
  ip link del "$client_if" 2>/dev/null
  ip link del "$client2_if" 2>/dev/null
  ip link del "$client3_if" 2>/dev/null
  [ -n "$made_run_sshd" ] && rmdir /run/sshd 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

if ! ip netns add "$client_ns" 2>"$tmp/netns.err"; then
  echo "netns-sshd: cannot create a network namespace: $(cat "$tmp/netns.err")" >&2
  exit 77
fi
# A root without mount propagation (a chroot) makes the namespace but cannot enter it.
if ! ip netns exec "$client_ns" true 2>"$tmp/netns.err"; then
  echo "netns-sshd: cannot enter a network namespace: $(cat "$tmp/netns.err")" >&2
  exit 77
fi
ip netns add "$agent_ns"
ip link add "$client_if" type veth peer name "$agent_if"
ip link set "$client_if" netns "$client_ns"
ip link set "$agent_if" netns "$agent_ns"
ip -n "$client_ns" addr add "$client_addr/30" dev "$client_if"
ip -n "$agent_ns" addr add "$agent_addr/30" dev "$agent_if"
for ns in "$client_ns" "$agent_ns"; do
  ip -n "$ns" link set lo up
done
ip -n "$client_ns" link set "$client_if" up
ip -n "$agent_ns" link set "$agent_if" up
if [ "$agents" -ge 2 ]; then
  ip netns add "$agent2_ns"
  ip link add "$client2_if" type veth peer name "$agent2_if"
  ip link set "$client2_if" netns "$client_ns"
  ip link set "$agent2_if" netns "$agent2_ns"
  ip -n "$client_ns" addr add "$client2_addr/30" dev "$client2_if"
  ip -n "$agent2_ns" addr add "$agent2_addr/30" dev "$agent2_if"
  ip -n "$agent2_ns" link set lo up
  ip -n "$client_ns" link set "$client2_if" up
  ip -n "$agent2_ns" link set "$agent2_if" up
  # The server listens on the first link's address: the second agent reaches it through its own.
  ip -n "$agent2_ns" route add "$client_addr/32" via "$client2_addr"
fi
if [ "$server" = 1 ]; then
  ip netns add "$server_ns"
  ip link add "$client3_if" type veth peer name "$server_if"
  ip link set "$client3_if" netns "$client_ns"
  ip link set "$server_if" netns "$server_ns"
  ip -n "$client_ns" addr add "$client3_addr/30" dev "$client3_if"
  ip -n "$server_ns" addr add "$server_addr/30" dev "$server_if"
  ip -n "$server_ns" link set lo up
  ip -n "$client_ns" link set "$client3_if" up
  ip -n "$server_ns" link set "$server_if" up
  # The client's namespace routes between its links (its own setting: the machine's is left
  # alone); each side knows the other's /30 through its own link.
  ip netns exec "$client_ns" sysctl -q -w net.ipv4.ip_forward=1
  ip -n "$agent_ns" route add "10.252.$net.0/30" via "$client_addr"
  ip -n "$server_ns" route add "10.250.$net.0/30" via "$client3_addr"
  if [ "$agents" -ge 2 ]; then
    ip -n "$agent2_ns" route add "10.252.$net.0/30" via "$client2_addr"
    ip -n "$server_ns" route add "10.251.$net.0/30" via "$client3_addr"
  fi
fi

# Throwaway keys: the host's and the user's; the client knows the host key in advance.
ssh-keygen -q -t ed25519 -N '' -C sb-lane-host -f "$tmp/host_key"
ssh-keygen -q -t ed25519 -N '' -C sb-lane-user -f "$tmp/user_key"
cp "$tmp/user_key.pub" "$tmp/authorized_keys"
echo "$agent_addr $(cut -d' ' -f1,2 "$tmp/host_key.pub")" >"$tmp/known_hosts"
echo "$agent2_addr $(cut -d' ' -f1,2 "$tmp/host_key.pub")" >>"$tmp/known_hosts"
chmod 700 "$tmp"
chmod 600 "$tmp/authorized_keys"

# sshd's privilege separation directory, as its service would create it.
if [ ! -d /run/sshd ]; then
  mkdir -m 0755 /run/sshd
  made_run_sshd=1
fi
cat >"$tmp/sshd_config" <<EOF
ListenAddress $agent_addr
Port 22
HostKey $tmp/host_key
PidFile none
AuthorizedKeysFile $tmp/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
ClientAliveInterval 2
ClientAliveCountMax 3
EOF
"$sshd" -t -f "$tmp/sshd_config"
ip netns exec "$agent_ns" "$sshd" -D -e -f "$tmp/sshd_config" 2>"$tmp/sshd.log" &
sshd_pid=$!

# Ready when it listens (its log says so); bounded.
for _ in $(seq 1 200); do
  grep -q 'Server listening' "$tmp/sshd.log" 2>/dev/null && break
  kill -0 "$sshd_pid" 2>/dev/null || { echo "netns-sshd: sshd ended: $(cat "$tmp/sshd.log")" >&2; exit 1; }
  sleep 0.05
done
grep -q 'Server listening' "$tmp/sshd.log" || { echo "netns-sshd: sshd does not listen: $(cat "$tmp/sshd.log")" >&2; exit 1; }
if [ "$agents" -ge 2 ]; then
  sed "s/^ListenAddress .*/ListenAddress $agent2_addr/" "$tmp/sshd_config" >"$tmp/sshd2_config"
  ip netns exec "$agent2_ns" "$sshd" -D -e -f "$tmp/sshd2_config" 2>"$tmp/sshd2.log" &
  sshd2_pid=$!
  for _ in $(seq 1 200); do
    grep -q 'Server listening' "$tmp/sshd2.log" 2>/dev/null && break
    kill -0 "$sshd2_pid" 2>/dev/null || { echo "netns-sshd: the second sshd ended: $(cat "$tmp/sshd2.log")" >&2; exit 1; }
    sleep 0.05
  done
  grep -q 'Server listening' "$tmp/sshd2.log" || { echo "netns-sshd: the second sshd does not listen" >&2; exit 1; }
fi

ssh_cmd=(ssh -F /dev/null -o BatchMode=yes -o ConnectTimeout=10 -o IdentitiesOnly=yes
         -o UserKnownHostsFile="$tmp/known_hosts" -o StrictHostKeyChecking=yes
         -i "$tmp/user_key" "root@$agent_addr")

ssh2_cmd=("${ssh_cmd[@]:0:${#ssh_cmd[@]}-1}" "root@$agent2_addr")

if [ $# -gt 0 ]; then
  set +e
  SB_SSH="${ssh_cmd[*]}" SB_AGENT_ADDR=$agent_addr SB_CLIENT_ADDR=$client_addr SB_CLIENT_IF=$client_if \
    SB_STACKBENCH=$stackbench SB_SSH_KEY=$tmp/user_key SB_KNOWN_HOSTS=$tmp/known_hosts \
    SB_SSH_2="$([ "$agents" -ge 2 ] && echo "${ssh2_cmd[*]}")" \
    SB_AGENT_ADDR_2="$([ "$agents" -ge 2 ] && echo "$agent2_addr")" \
    SB_CLIENT_ADDR_2="$([ "$agents" -ge 2 ] && echo "$client2_addr")" \
    SB_SERVER_NS_NAME="$([ "$server" = 1 ] && echo "$server_ns")" \
    SB_SERVER_ADDR="$([ "$server" = 1 ] && echo "$server_addr")" \
    SB_CLIENT_ADDR_3="$([ "$server" = 1 ] && echo "$client3_addr")" \
    ip netns exec "$client_ns" "$@"
  rc=$?
  exit $rc
fi

out=$(ip netns exec "$client_ns" "${ssh_cmd[@]}" "$stackbench" agent --version 2>"$tmp/ssh.err") || {
  echo "netns-sshd: ssh failed: $(cat "$tmp/ssh.err")" >&2
  echo "sshd log: $(tail -5 "$tmp/sshd.log")" >&2
  exit 1
}
echo "$out"
expected=$("$stackbench" agent --version)
[ "$out" = "$expected" ] || { echo "netns-sshd: expected '$expected', got '$out'" >&2; exit 1; }
echo "netns-sshd: ok: $agent_addr in $agent_ns reached from $client_ns over ssh"
