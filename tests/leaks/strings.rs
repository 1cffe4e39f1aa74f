//! Every string a serialisable value carries (field names, map keys, string values and enum
//! variant names), visited without building JSON: serialising a board view to text costs more
//! than building it in a debug build, and the canaries only need its strings.

use serde::Serialize;
use serde::ser;

/// Where a string sits: a key (struct field or map key) or a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A struct field name or a map key.
    Key,
    /// A string value or an enum variant name.
    Value,
}

/// Calls `f` with every string of `value`, in serialisation order.
pub fn visit<T: Serialize + ?Sized>(value: &T, f: &mut dyn FnMut(&str, Role)) {
    let _ = value.serialize(&mut Visitor { f, role: Role::Value });
}

/// The visitor never fails; serde still wants an error type.
#[derive(Debug)]
pub struct Never;

impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("never")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Never
    }
}

struct Visitor<'a> {
    f: &'a mut dyn FnMut(&str, Role),
    role: Role,
}

impl Visitor<'_> {
    fn with<T: Serialize + ?Sized>(&mut self, role: Role, v: &T) -> Result<(), Never> {
        let old = self.role;
        self.role = role;
        let r = v.serialize(&mut *self);
        self.role = old;
        r
    }
}

macro_rules! ignore {
    ($($name:ident: $t:ty),*) => {
        $(fn $name(self, _: $t) -> Result<(), Never> { Ok(()) })*
    };
}

impl ser::Serializer for &mut Visitor<'_> {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    ignore!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_bytes: &[u8]);

    fn serialize_char(self, v: char) -> Result<(), Never> {
        (self.f)(v.encode_utf8(&mut [0; 4]), self.role);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        (self.f)(v, self.role);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Never> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Never> {
        (self.f)(variant, self.role);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<(), Never> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        (self.f)(variant, Role::Key);
        self.with(Role::Value, v)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        (self.f)(variant, Role::Key);
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        (self.f)(variant, Role::Key);
        Ok(self)
    }
}

/// The compound serialisers whose elements are all values (sequences, tuples, tuple variants).
macro_rules! elements {
    ($($trait:ident::$method:ident),*) => {$(
        impl ser::$trait for &mut Visitor<'_> {
            type Ok = ();
            type Error = Never;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
                self.with(Role::Value, v)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for &mut Visitor<'_> {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Never> {
        self.with(Role::Key, k)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        self.with(Role::Value, v)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

/// The compound serialisers of named fields (structs, struct variants): a key, then a value.
macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for &mut Visitor<'_> {
            type Ok = ();
            type Error = Never;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, v: &T) -> Result<(), Never> {
                (self.f)(name, Role::Key);
                self.with(Role::Value, v)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);
