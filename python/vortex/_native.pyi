# SPDX-License-Identifier: Apache-2.0
"""Type stubs of the native module (python/src/native_module.cc)."""

from typing import Any, Optional, Sequence

__version__: str

class DType:
    kind: str
    nullable: bool
    ptype: Optional[str]
    precision: int
    scale: int
    fields: list[tuple[str, "DType"]]
    element: "DType"
    list_size: int
    extension_id: str
    storage: "DType"
    is_date: bool
    is_time: bool
    is_timestamp: bool
    unit: Optional[str]
    tz: Optional[str]

class Array:
    dtype: DType
    encoding: str
    def __len__(self) -> int: ...
    def field(self, name: str) -> "Array": ...
    def to_column(self) -> dict[str, Any]: ...

class ArrayStream:
    def next(self) -> Optional[Array]: ...

class Split:
    row_begin: int
    row_end: int
    def execute(self) -> Array: ...

class Scan:
    def dtype(self) -> DType: ...
    def stream(self) -> ArrayStream: ...
    def splits(self) -> list[Split]: ...
    def arrow_c_stream(self) -> Any: ...

class File:
    dtype: DType
    row_count: int
    file_size: int
    @staticmethod
    def open(path: str, mmap: bool = ...) -> "File": ...
    def statistics(self) -> list[dict[str, Any]]: ...
    def scan(
        self,
        columns: Optional[Sequence[str]] = ...,
        filter: Optional[str] = ...,
        row_range: Optional[tuple[int, int]] = ...,
        indices: Optional[Sequence[int]] = ...,
        limit: Optional[int] = ...,
        batch_rows: Optional[int] = ...,
    ) -> Scan: ...

def columns_to_array(names: list[str], columns: list[dict[str, Any]]) -> Array: ...
def write_array(path: str, array: Array, compression: str = ...) -> tuple[int, int]: ...
def write_stream(path: str, stream: Any, compression: str = ...) -> tuple[int, int]: ...
