// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/dict/dict_encode.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <string_view>
#include <type_traits>
#include <vector>

// Header-only: XXH3 on the 13+ byte values inlines into the per-row lookup.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/integer_min_max.h"
#include "vortex/buffer/bit_buffer.h"
#include "vortex/buffer/buffer.h"

namespace vortex {
namespace {

// The code a full dictionary gives (no entry reaches it): a plain sentinel keeps the per-row
// code in a register, where an optional's two fields went through memory.
constexpr uint32_t kFull = std::numeric_limits<uint32_t>::max();

// An open-addressing table from a 32-bit hash to a dictionary code. Keys live in the
// builder (looked up by code), so the table holds no pointers that a growing buffer could
// invalidate.
class CodeTable {
public:
    CodeTable() : slots_(kInitialCapacity) {}

    // Returns the code of the entry with `hash` for which `equals(code)` holds, else inserts
    // the result of `make_code()` (which returns kFull when the dictionary is full).
    template <typename Equals, typename MakeCode>
    uint32_t FindOrInsert(uint32_t hash, Equals &&equals, MakeCode &&make_code) {
        const size_t mask = slots_.size() - 1;
        for (size_t pos = hash & mask;; pos = (pos + 1) & mask) {
            Slot &slot = slots_[pos];
            if (slot.code_plus_one == 0) {
                const uint32_t code = make_code();
                if (code != kFull) {
                    slot = Slot{hash, code + 1};
                    if (++size_ * 2 > slots_.size()) {
                        Grow();
                    }
                }
                return code;
            }
            if (slot.hash == hash && equals(slot.code_plus_one - 1)) {
                return slot.code_plus_one - 1;
            }
        }
    }

    void Clear() {
        slots_.assign(kInitialCapacity, Slot{});
        size_ = 0;
    }

private:
    static constexpr size_t kInitialCapacity = 256;
    struct Slot {
        uint32_t hash = 0;
        uint32_t code_plus_one = 0; // 0 = empty
    };

    void Grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.size() * 2, Slot{});
        const size_t mask = slots_.size() - 1;
        for (const Slot &slot : old) {
            if (slot.code_plus_one != 0) {
                size_t pos = slot.hash & mask;
                while (slots_[pos].code_plus_one != 0) {
                    pos = (pos + 1) & mask;
                }
                slots_[pos] = slot;
            }
        }
    }

    std::vector<Slot> slots_;
    size_t size_ = 0;
};

// Mixes the key bits so that the low bits (the table position) depend on every input bit.
inline uint32_t HashBits(uint64_t bits) {
    bits ^= bits >> 33;
    bits *= 0xff51afd7ed558ccdULL;
    bits ^= bits >> 33;
    return static_cast<uint32_t>(bits);
}

PType NarrowestCodePType(size_t max_code) {
    if (max_code <= std::numeric_limits<uint8_t>::max()) {
        return PType::U8;
    }
    if (max_code <= std::numeric_limits<uint16_t>::max()) {
        return PType::U16;
    }
    return PType::U32;
}

template <typename Fn>
decltype(auto) VisitCodePType(PType ptype, Fn &&fn) {
    switch (ptype) {
        case PType::U8:
            return fn.template operator()<uint8_t>();
        case PType::U16:
            return fn.template operator()<uint16_t>();
        default:
            return fn.template operator()<uint32_t>();
    }
}

// The rows of one chunk, with its nulls resolved once.
struct ChunkValidity {
    explicit ChunkValidity(const Validity &validity) : validity_(validity) {}
    bool all_valid() const { return validity_.trivially_all_valid(); }
    bool is_valid(size_t i) const { return validity_.is_valid(i); }
    const Validity &validity_;
};

// Encodes rows in order until the dictionary is full. `encode_row(i)` returns the code of
// row i or kFull when the dictionary is full. Returns the codes of the encoded prefix.
// `nullable_codes`: the codes carry the validity (DictNulls::kInCodes over a nullable dtype).
template <typename Code, typename EncodeRow>
ArrayRef EncodeRows(size_t len, const Validity &validity, bool nullable_codes, EncodeRow &&encode_row) {
    BufferMut codes = BufferMut::WithCapacity(len * sizeof(Code));
    codes.Resize(len * sizeof(Code));
    Code *out = codes.data_as<Code>();
    size_t encoded = 0;
    for (; encoded < len; ++encoded) {
        const uint32_t code = encode_row(encoded);
        if (code == kFull) {
            break;
        }
        out[encoded] = static_cast<Code>(code);
    }
    codes.Resize(encoded * sizeof(Code));
    Validity codes_validity = Validity::NonNullable();
    if (nullable_codes) {
        codes_validity = validity.is_nullable() ? validity.Slice(0, encoded) : Validity::AllValid();
    }
    return PrimitiveArray::Make(kPTypeOf<Code>, std::move(codes).Freeze(), std::move(codes_validity));
}

// The unsigned type with the bits of T: floats are keyed on their bits, so that -0.0 and
// 0.0, and NaNs with different payloads, stay distinct.
template <typename T>
using KeyOf = std::conditional_t<
    sizeof(T) == 1,
    uint8_t,
    std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;

template <typename T>
class PrimitiveDictBuilder final : public DictBuilder {
    using Key = KeyOf<T>;

public:
    PrimitiveDictBuilder(DType dtype, PType codes_ptype, size_t max_entries, DictNulls nulls)
        : DictBuilder(std::move(dtype), codes_ptype, nulls), max_entries_(max_entries), nulls_(nulls) {}

    size_t values_len() const override { return values_.size(); }
    size_t values_bytes() const override { return values_.size() * sizeof(Key); }

    ArrayRef Finish() override {
        Validity validity = Validity::From(dtype().nullability());
        if (null_code_) {
            std::vector<bool> valid(values_.size(), true);
            valid[*null_code_] = false;
            validity = Validity::FromBits(BitBuffer::FromBools(valid));
        }
        Buffer values = Buffer::CopyFrom(std::span<const Key>(values_));
        values_.clear();
        null_code_.reset();
        last_code_ = kFull;
        table_.Clear();
        direct_.clear();
        return PrimitiveArray::Make(dtype().ptype(), std::move(values), std::move(validity));
    }

protected:
    Result<ArrayRef> AppendCanonical(const ArrayRef &canonical) override {
        const auto *prim = As<PrimitiveArray>(*canonical);
        VX_ENSURE(prim != nullptr, Internal, "dict builder expected a primitive array");
        const std::span<const Key> keys = prim->values().span<Key>();
        const Validity &validity = prim->validity();
        if (direct_.empty()) {
            StartDirectTable(keys);
        }
        return VisitCodePType(codes_ptype(), [&]<typename Code>() -> Result<ArrayRef> {
            if (validity.trivially_all_valid()) {
                return EncodeRows<Code>(keys.size(), validity, nullable_codes(),
                                        [&](size_t i) { return EncodeValue(keys[i]); });
            }
            return EncodeRows<Code>(keys.size(), validity, nullable_codes(), [&](size_t i) -> uint32_t {
                if (!validity.is_valid(i)) {
                    return EncodeNull();
                }
                return EncodeValue(keys[i]);
            });
        });
    }

private:
    // Integers of a narrow range (years, delays, distances, small ids) are looked up by their
    // offset from the first chunk's minimum in a table of codes: no hashing, no probing. The
    // range is fixed for the dictionary, so a value is always found where it was put; values
    // outside it take the hash table.
    static constexpr size_t kMaxDirectSlots = size_t{1} << 16;

    void StartDirectTable(std::span<const Key> keys) {
        if constexpr (std::is_integral_v<T>) {
            if (keys.empty()) {
                return;
            }
            // Keys are the values' own bits, so the extremes are taken over the values.
            const auto [lo, hi] = IntegerMinMax(reinterpret_cast<const T *>(keys.data()), keys.size());
            const auto span =
                static_cast<uint64_t>(static_cast<Key>(static_cast<Key>(hi) - static_cast<Key>(lo)));
            if (span >= kMaxDirectSlots / 2) {
                return;
            }
            // Room for later chunks to reach past the first one's maximum.
            direct_.assign(std::bit_ceil(2 * (span + 1)), 0);
            direct_base_ = static_cast<Key>(lo);
        }
    }

    [[gnu::always_inline]] uint32_t EncodeValue(Key key) {
        const auto offset = static_cast<size_t>(static_cast<Key>(key - direct_base_));
        if (offset < direct_.size()) {
            uint32_t &code_plus_one = direct_[offset];
            if (code_plus_one == 0) {
                if (values_.size() >= max_entries_) {
                    return kFull;
                }
                values_.push_back(key);
                code_plus_one = static_cast<uint32_t>(values_.size());
            }
            return code_plus_one - 1;
        }
        return EncodeHashed(key);
    }

    // Kept out of line so that the direct lookup above inlines into the row loop.
    [[gnu::noinline]] uint32_t EncodeHashed(Key key) {
        // Runs of one value (sorted and clustered columns) skip the hash table.
        if (last_code_ != kFull && key == last_key_) {
            return last_code_;
        }
        const uint32_t code = table_.FindOrInsert(
            HashBits(key), [&](uint32_t entry) { return values_[entry] == key; },
            [&]() -> uint32_t {
                if (values_.size() >= max_entries_) {
                    return kFull;
                }
                values_.push_back(key);
                return static_cast<uint32_t>(values_.size() - 1);
            });
        last_key_ = key;
        last_code_ = code;
        return code;
    }

    uint32_t EncodeNull() {
        if (nulls_ == DictNulls::kInCodes) {
            return 0; // masked by the codes' validity
        }
        if (!null_code_) {
            if (values_.size() >= max_entries_) {
                return kFull;
            }
            null_code_ = static_cast<uint32_t>(values_.size());
            values_.push_back(Key{});
        }
        return *null_code_;
    }

    size_t max_entries_;
    DictNulls nulls_;
    std::vector<Key> values_;
    std::optional<uint32_t> null_code_;
    // The previous value's key and code (kFull after a new dictionary or a full one).
    Key last_key_{};
    uint32_t last_code_ = kFull;
    CodeTable table_;
    // Code + 1 (0: not seen) of the value direct_base_ + i; empty when the range is too wide.
    std::vector<uint32_t> direct_;
    Key direct_base_ = 0;
};

class BytesDictBuilder final : public DictBuilder {
public:
    BytesDictBuilder(DType dtype, PType codes_ptype, size_t max_entries, size_t max_bytes, DictNulls nulls)
        : DictBuilder(std::move(dtype), codes_ptype, nulls), max_entries_(max_entries), max_bytes_(max_bytes),
          nulls_(nulls) {}

    size_t values_len() const override { return len_; }
    size_t values_bytes() const override { return views_.size() + data_.size(); }

    ArrayRef Finish() override {
        Validity validity = Validity::From(dtype().nullability());
        if (null_code_) {
            std::vector<bool> valid(len_, true);
            valid[*null_code_] = false;
            validity = Validity::FromBits(BitBuffer::FromBools(valid));
        }
        std::vector<Buffer> data_buffers;
        if (data_.size() > 0) {
            data_buffers.push_back(std::move(data_).Freeze());
        }
        Buffer views = std::move(views_).Freeze();
        data_ = BufferMut();
        views_ = BufferMut(16);
        len_ = 0;
        null_code_.reset();
        last_inlined_code_ = kFull;
        table_.Clear();
        // Every entry was copied from a validated input of the same dtype.
        return std::make_shared<const VarBinViewArray>(VarBinViewArray::Token{}, dtype(), std::move(views),
                                                       std::move(data_buffers), std::move(validity));
    }

protected:
    Result<ArrayRef> AppendCanonical(const ArrayRef &canonical) override {
        const auto *input = As<VarBinViewArray>(*canonical);
        VX_ENSURE(input != nullptr, Internal, "dict builder expected a varbinview array");
        std::vector<const char *> buffers;
        for (const Buffer &buffer : input->data_buffers()) {
            buffers.push_back(reinterpret_cast<const char *>(buffer.data()));
        }
        const uint8_t *views = input->views().data();
        // Short values (most dictionary candidates) are keyed on their view's two words.
        const auto encode_at = [&](size_t i) -> uint32_t {
            const BinaryView view{views + i * BinaryView::kSize};
            if (view.is_inlined()) {
                return EncodeInlined(view);
            }
            return EncodeValue({buffers[view.buffer_index()] + view.offset(), view.size()});
        };
        const Validity &validity = input->validity();
        return VisitCodePType(codes_ptype(), [&]<typename Code>() -> Result<ArrayRef> {
            if (validity.trivially_all_valid()) {
                return EncodeRows<Code>(input->len(), validity, nullable_codes(), encode_at);
            }
            return EncodeRows<Code>(input->len(), validity, nullable_codes(), [&](size_t i) -> uint32_t {
                if (!validity.is_valid(i)) {
                    return EncodeNull();
                }
                return encode_at(i);
            });
        });
    }

private:
    std::string_view EntryBytes(uint32_t code) const {
        const BinaryView view{views_.data() + size_t{code} * BinaryView::kSize};
        if (view.is_inlined()) {
            return {reinterpret_cast<const char *>(view.inlined_data()), view.size()};
        }
        return {reinterpret_cast<const char *>(data_.data()) + view.offset(), view.size()};
    }

    bool HasRoomFor(size_t extra_bytes) const {
        // The first entry always fits, so that one oversized value cannot stall a writer that
        // starts a new dictionary whenever one is full.
        return len_ < max_entries_ && (len_ == 0 || values_bytes() + extra_bytes <= max_bytes_);
    }

    void PushView(std::string_view value) {
        const size_t at = views_.size();
        views_.Resize(at + BinaryView::kSize);
        BinaryView::Write(views_.data() + at, value, 0, static_cast<uint32_t>(data_.size()));
        if (value.size() > BinaryView::kMaxInlined) {
            data_.Append(value.data(), value.size());
        }
        ++len_;
    }

    uint32_t EncodeValue(std::string_view value) {
        return table_.FindOrInsert(
            static_cast<uint32_t>(XXH3_64bits(value.data(), value.size())),
            [&](uint32_t code) { return EntryBytes(code) == value; },
            [&]() -> uint32_t {
                const size_t extra =
                    BinaryView::kSize + (value.size() > BinaryView::kMaxInlined ? value.size() : 0);
                if (!HasRoomFor(extra)) {
                    return kFull;
                }
                PushView(value);
                return static_cast<uint32_t>(len_ - 1);
            });
    }

    // A value of at most 12 bytes: its view with the bytes past the size zeroed (inputs may
    // leave garbage there) is a 16-byte key equal to the entry's view, which PushView wrote
    // zero-padded. Comparing and hashing two words is several times cheaper than hashing and
    // memcmp-ing the bytes; longer values never meet these entries (their sizes differ).
    uint32_t EncodeInlined(const BinaryView &view) {
        uint64_t low;
        uint64_t high;
        view.PaddedWords(low, high);
        if (last_inlined_code_ != kFull && low == last_low_ && high == last_high_) {
            return last_inlined_code_; // a run of one short value
        }
        // Both words mixed into the low bits, which pick the slot: a product alone carries its
        // input's high bits only upwards, so keys differing in their later bytes (3-letter codes
        // differing in the last letters) would crowd the same slots.
        const auto hash = HashBits(low ^ HashBits(high));
        last_low_ = low;
        last_high_ = high;
        last_inlined_code_ = table_.FindOrInsert(
            hash,
            [&](uint32_t code) {
                const uint8_t *entry = views_.data() + size_t{code} * BinaryView::kSize;
                uint64_t entry_low;
                uint64_t entry_high;
                std::memcpy(&entry_low, entry, 8);
                std::memcpy(&entry_high, entry + 8, 8);
                return entry_low == low && entry_high == high;
            },
            [&]() -> uint32_t {
                if (!HasRoomFor(BinaryView::kSize)) {
                    return kFull;
                }
                const size_t at = views_.size();
                views_.Resize(at + BinaryView::kSize);
                std::memcpy(views_.data() + at, &low, 8);
                std::memcpy(views_.data() + at + 8, &high, 8);
                ++len_;
                return static_cast<uint32_t>(len_ - 1);
            });
        return last_inlined_code_;
    }

    uint32_t EncodeNull() {
        if (nulls_ == DictNulls::kInCodes) {
            return 0; // masked by the codes' validity
        }
        if (!null_code_) {
            if (!HasRoomFor(BinaryView::kSize)) {
                return kFull;
            }
            null_code_ = static_cast<uint32_t>(len_);
            PushView({});
        }
        return *null_code_;
    }

    size_t max_entries_;
    size_t max_bytes_;
    DictNulls nulls_;
    BufferMut views_{16};
    BufferMut data_;
    size_t len_ = 0;
    std::optional<uint32_t> null_code_;
    // The previous short value's key words and code (kFull after a new dictionary or a full one).
    uint64_t last_low_ = 0;
    uint64_t last_high_ = 0;
    uint32_t last_inlined_code_ = kFull;
    CodeTable table_;
};

// Re-types codes (all < 2^bits of `target`) into the narrower `target`.
ArrayRef NarrowCodes(const PrimitiveArray &codes, PType target) {
    return VisitCodePType(codes.ptype(), [&]<typename From>() {
        return VisitCodePType(target, [&]<typename To>() -> ArrayRef {
            const std::span<const From> in = codes.values_as<From>();
            BufferMut out = BufferMut::WithCapacity(in.size() * sizeof(To));
            out.Resize(in.size() * sizeof(To));
            To *dst = out.data_as<To>();
            for (size_t i = 0; i < in.size(); ++i) {
                dst[i] = static_cast<To>(in[i]);
            }
            return PrimitiveArray::Make(target, std::move(out).Freeze(), codes.validity());
        });
    });
}

} // namespace

bool DictEncodable(const DType &dtype) {
    return dtype.is_primitive() || dtype.is_utf8() || dtype.is_binary();
}

DType DictBuilder::codes_dtype() const {
    return DType::Primitive(codes_ptype_, NullabilityOf(nullable_codes()));
}

Result<std::unique_ptr<DictBuilder>> DictBuilder::Make(const DType &dtype, const DictEncodeOptions &options) {
    VX_ENSURE(DictEncodable(dtype), InvalidArgument, "cannot dictionary-encode {}", dtype);
    // values_len is a u32 on disk, and string offsets into the values are u32.
    size_t max_entries = std::min<size_t>(options.max_values, std::numeric_limits<uint32_t>::max());
    const size_t max_bytes = std::min<size_t>(options.max_value_bytes, std::numeric_limits<uint32_t>::max());
    std::unique_ptr<DictBuilder> builder;
    if (dtype.is_primitive()) {
        const size_t width = ByteWidth(dtype.ptype());
        max_entries = std::min(max_entries, max_bytes / width);
        if (width <= 2) {
            // No more entries than distinct bit patterns (the null entry shares the budget).
            max_entries = std::min(max_entries, size_t{1} << (8 * width));
        }
        if (options.max_values > 0) {
            max_entries = std::max<size_t>(max_entries, 1); // as for strings: the first entry fits
        }
        const PType codes_ptype = NarrowestCodePType(max_entries == 0 ? 0 : max_entries - 1);
        VisitPType(dtype.ptype(), [&]<typename T>() {
            builder =
                std::make_unique<PrimitiveDictBuilder<T>>(dtype, codes_ptype, max_entries, options.nulls);
        });
    } else {
        const PType codes_ptype = NarrowestCodePType(max_entries == 0 ? 0 : max_entries - 1);
        builder =
            std::make_unique<BytesDictBuilder>(dtype, codes_ptype, max_entries, max_bytes, options.nulls);
    }
    return builder;
}

Result<ArrayRef> DictBuilder::Append(const ArrayRef &chunk) {
    VX_ENSURE(chunk->dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "dict builder of {} got a {} chunk", dtype_, chunk->dtype());
    VX_ENSURE(!chunk->dtype().is_nullable() || dtype_.is_nullable(), MismatchedTypes,
              "dict builder of non-nullable {} got nullable chunk", dtype_);
    if (chunk->is_canonical()) {
        return AppendCanonical(chunk);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(chunk));
    return AppendCanonical(canonical);
}

Result<std::optional<ArrayRef>> DictEncode(const ArrayRef &array, const DictEncodeOptions &options) {
    VX_ASSIGN_OR_RETURN(std::unique_ptr<DictBuilder> builder, DictBuilder::Make(array->dtype(), options));
    VX_ASSIGN_OR_RETURN(ArrayRef codes, builder->Append(array));
    if (codes->len() < array->len() || builder->values_bytes() > options.max_value_bytes) {
        return std::optional<ArrayRef>();
    }
    ArrayRef values = builder->Finish();
    const PType narrowest = NarrowestCodePType(values->len() == 0 ? 0 : values->len() - 1);
    if (narrowest != builder->codes_ptype()) {
        codes = NarrowCodes(*As<PrimitiveArray>(*codes), narrowest);
    }
    VX_ASSIGN_OR_RETURN(auto dict, DictArray::TryMake(std::move(codes), std::move(values), true));
    return std::optional<ArrayRef>(std::move(dict));
}

} // namespace vortex
