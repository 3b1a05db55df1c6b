# Runs the documented Python decryptor (the ```python block under "**Python**" of the file named
# first, docs/other-languages.md) on the cases given as
# JSON on stdin, each with a fresh replay store, and prints the outcomes: "OK" or the error code.
import json
import re
import sys

from cryptography.hazmat.primitives.serialization import load_pem_private_key

readme = open(sys.argv[1], encoding="utf-8").read()
snippet = re.search(r"\*\*Python\*\*.*?```python\n(.*?)```", readme, re.S).group(1)
namespace = {}
exec(snippet, namespace)  # the documented code as a reader would paste it


class MemoryStore:
    def __init__(self):
        self.seen = set()

    def record_once(self, jti, ttl):
        if jti in self.seen:
            return False
        self.seen.add(jti)
        return True


job = json.load(sys.stdin)
keys = {kid: load_pem_private_key(pem.encode(), None) for kid, pem in job["keys"].items()}
outcomes = []
for case in job["cases"]:
    try:
        namespace["decrypt"](case["token"], keys, MemoryStore(), case["now"])
        outcomes.append("OK")
    except namespace["TokenError"] as error:
        outcomes.append(error.code)
print(json.dumps(outcomes))
