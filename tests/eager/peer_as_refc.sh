#!/bin/sh
# Stand-in for refc that runs a program under the PyTorch 2.14 peer: `peer_as_refc.sh run FILE [ARG...]`.
# Self-check of the eager harness: run_eager.py --refc tests/eager/peer_as_refc.sh must report
# 0 failed (goldens and runner agree). The peer is $REFC_TORCH_PEER (default
# ../shared/peer/torch-peer beside the repository root) with its chroot in $PEER_ROOT
# (default .peer/sid under the repository root). Must run as root, like torch-peer.
if [ "$1" != "run" ] || [ $# -lt 2 ]; then
    echo "usage: $0 run FILE [ARG...]" >&2
    exit 2
fi
shift
repo=$(cd "$(dirname "$0")/../.." && pwd)
peer=${REFC_TORCH_PEER:-$repo/../shared/peer/torch-peer}
exec "$peer" --root "${PEER_ROOT:-$repo/.peer/sid}" "$@"
