"""torch.compiler.config: settings shared by the compiler's stages (PyTorch
2.14's names and environment variables)."""

import os

# Comma list of source names (or regexes matched at the start, with an optional
# ":N" dim suffix) made dynamic from the first compile; highest precedence.
dynamic_sources = os.environ.get('TORCH_COMPILE_DYNAMIC_SOURCES', '')
# Names the job whose automatic-dynamic profile (PGO) is kept across runs.
job_id = os.environ.get('TORCH_COMPILE_JOB_ID') or os.environ.get('TORCH_COMPILE_STICKY_PGO_KEY')
cache_key_tag = os.environ.get('TORCH_COMPILE_CACHE_KEY_TAG', '')
force_disable_caches = os.environ.get('TORCHINDUCTOR_FORCE_DISABLE_CACHES', '') not in ('', '0')
