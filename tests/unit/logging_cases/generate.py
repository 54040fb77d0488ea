# Records PyTorch 2.14's TORCH_LOGS texts for tests/unit/logging_test.cpp.
# Run it under the PyTorch peer from the repo root and keep its stdout:
#
#   ../shared/peer/torch-peer tests/unit/logging_cases/generate.py > tests/unit/logging_cases/cases.txt
#
# Each case is a line "== NAME" followed by the text: help (TORCH_LOGS=help),
# help_verbose (TORCH_LOGS=+help) and invalid (TORCH_LOGS="+dynamo,bogus").
from torch._logging._internal import _invalid_settings_err_msg, help_message

for name, text in [("help", help_message(verbose=False)),
                   ("help_verbose", help_message(verbose=True)),
                   ("invalid", _invalid_settings_err_msg("+dynamo,bogus"))]:
    print("== " + name)
    print(text, end="")
