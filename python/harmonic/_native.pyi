import ctypes

ABI_VERSION: int
lib: ctypes.CDLL

class HarmonicError(ValueError):
    status: int
    def __init__(self, message: str, status: int) -> None: ...

class HarmonicTypeError(TypeError):
    status: int
    def __init__(self, message: str, status: int) -> None: ...

def check(status: int) -> None: ...
