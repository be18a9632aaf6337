//! Core reflection: `java.lang.reflect.Field`, `Method` and `Constructor` objects created the
//! way HotSpot creates them, and generated adapter methods that `Method.invoke` and
//! `Constructor.newInstance` run (unboxing arguments, boxing the result, and wrapping
//! exceptions in InvocationTargetException).

use super::assembler::Asm;
use super::class::{ClassId, MethodId};
use super::loader::{LinkError, SyntheticClass};
use super::value::{Ref, Value};
use crate::classfile::{access, Cond, FieldType, Insn};
use crate::classpath::Loader;
use crate::machine::Machine;
use crate::vm::Vm;

impl<M: Machine> Vm<M> {
    /// The `Class` object of a field or parameter type.
    pub fn type_mirror(&mut self, t: &FieldType) -> Result<Ref, LinkError> {
        let id = match t {
            FieldType::Object(n) | FieldType::Array(n) => self.classes.load(n)?,
            p => self.classes.primitive(p.primitive_char().unwrap_or('V')),
        };
        Ok(self.mirror(id))
    }

    fn mirror_array(&mut self, types: &[FieldType]) -> Result<Ref, LinkError> {
        let class_array = self.classes.load("[Ljava/lang/Class;")?;
        let mirrors = types
            .iter()
            .map(|t| self.type_mirror(t))
            .collect::<Result<Vec<Ref>, LinkError>>()?;
        Ok(self.new_array_of(class_array, &mirrors))
    }

    fn exception_mirrors(&mut self, names: &[std::rc::Rc<str>]) -> Result<Ref, LinkError> {
        let types: Vec<FieldType> = names.iter().map(|n| FieldType::Object(n.clone())).collect();
        self.mirror_array(&types)
    }

    fn optional_string(&mut self, s: &Option<std::rc::Rc<str>>) -> Value {
        match s {
            Some(text) => Value::Ref(self.new_string(text)),
            None => Value::NULL,
        }
    }

    /// A new `java.lang.reflect.Field` for declared field `index` of `class`.
    pub fn reflect_field(&mut self, class: ClassId, index: usize) -> Result<Ref, LinkError> {
        let cls = self.classes.get(class).clone();
        let f = &cls.fields[index];
        let field_class = self.classes.load("java/lang/reflect/Field")?;
        let obj = self.new_object(field_class);
        let mirror = self.mirror(class);
        let name = self.intern(&f.name.encode_utf16().collect::<Vec<_>>());
        let ty = self.type_mirror(&f.ty)?;
        let signature = self.optional_string(&f.signature);
        self.set_field_by_name(obj, "clazz", Value::Ref(mirror));
        self.set_field_by_name(obj, "name", Value::Ref(name));
        self.set_field_by_name(obj, "type", Value::Ref(ty));
        self.set_field_by_name(obj, "modifiers", Value::Int(i32::from(f.access)));
        let trusted =
            f.access & access::FINAL != 0 && (f.is_static() || cls.attrs.record.is_some());
        self.set_field_by_name(obj, "trustedFinal", Value::Int(i32::from(trusted)));
        self.set_field_by_name(obj, "slot", Value::Int(f.slot as i32));
        self.set_field_by_name(obj, "signature", signature);
        Ok(obj)
    }

    /// A new `java.lang.reflect.Method` or `Constructor` for method `id`.
    pub fn reflect_method(&mut self, id: MethodId) -> Result<Ref, LinkError> {
        let m = self.classes.method(id).clone();
        let constructor = &*m.name == "<init>";
        let class_name = if constructor {
            "java/lang/reflect/Constructor"
        } else {
            "java/lang/reflect/Method"
        };
        let reflect_class = self.classes.load(class_name)?;
        let obj = self.new_object(reflect_class);
        let mirror = self.mirror(m.class);
        let params = self.mirror_array(&m.params)?;
        let exceptions = self.exception_mirrors(&m.exceptions)?;
        let signature = self.optional_string(&m.signature);
        self.set_field_by_name(obj, "clazz", Value::Ref(mirror));
        self.set_field_by_name(obj, "parameterTypes", Value::Ref(params));
        self.set_field_by_name(obj, "exceptionTypes", Value::Ref(exceptions));
        self.set_field_by_name(obj, "modifiers", Value::Int(i32::from(m.access & 0x1DFF)));
        // HotSpot's slot, the method's index in its class: the same in every VM (an id is
        // not: ids follow the order classes were loaded in).
        let slot = self.classes.get(m.class).method_index(id);
        self.set_field_by_name(obj, "slot", Value::Int(slot as i32));
        self.set_field_by_name(obj, "signature", signature);
        if !constructor {
            let name = self.intern(&m.name.encode_utf16().collect::<Vec<_>>());
            let ret = match &m.ret {
                Some(t) => self.type_mirror(t)?,
                None => {
                    let void = self.classes.primitive('V');
                    self.mirror(void)
                }
            };
            self.set_field_by_name(obj, "name", Value::Ref(name));
            self.set_field_by_name(obj, "returnType", Value::Ref(ret));
        }
        Ok(obj)
    }

    /// The generated method that performs a reflective call of `target`:
    /// `static Object adapt(Object receiver, Object[] args)`.
    pub fn reflect_adapter(&mut self, target: MethodId) -> Result<MethodId, String> {
        let constructor = &*self.classes.method(target).name == "<init>";
        if let Some(&a) = self.adapters.get(&(target, constructor)) {
            return Ok(a);
        }
        let m = self.classes.method(target).clone();
        let owner = self.classes.get(m.class).name.to_string();
        let interface = self.classes.get(m.class).is_interface();
        let mut asm = Asm::new();
        if constructor {
            let c = asm.class(&owner);
            asm.emit(Insn::New(c));
            asm.emit(Insn::Dup);
        }
        // Branches to the IllegalArgumentExceptions HotSpot throws for a receiver of another
        // class and an argument no unboxing and widening conversion fits.
        let mut wrong_receiver = Vec::new();
        let mut mismatch = Vec::new();
        let mut null_primitive = Vec::new();
        if !constructor && !m.is_static() {
            asm.load(0);
            asm.emit(Insn::Dup);
            let non_null = asm.emit(Insn::IfNonNull(0));
            throw_new(&mut asm, "java/lang/NullPointerException", None);
            asm.patch(non_null, Insn::IfNonNull(asm.here()));
            asm.emit(Insn::Dup);
            let c = asm.class(&owner);
            asm.emit(Insn::InstanceOf(c));
            wrong_receiver.push(asm.emit(Insn::If(Cond::Eq, 0)));
            asm.checkcast(&owner);
        }
        for (i, p) in m.params.iter().enumerate() {
            asm.load(1);
            asm.emit(Insn::Iconst(i as i32));
            asm.emit(Insn::ArrayLoad);
            reflective_argument(&mut asm, p, &mut mismatch, &mut null_primitive);
        }
        let call = asm.here();
        if constructor {
            asm.invokespecial(&owner, "<init>", &m.desc, false);
        } else if m.is_static() {
            asm.invokestatic(&owner, &m.name, &m.desc, interface);
        } else if m.is_private() {
            asm.invokespecial(&owner, &m.name, &m.desc, interface);
        } else if interface {
            asm.invokeinterface(&owner, &m.name, &m.desc);
        } else {
            asm.invokevirtual(&owner, &m.name, &m.desc);
        }
        let after = asm.here();
        if !constructor {
            let object = FieldType::Object("java/lang/Object".into());
            asm.convert(m.ret.as_ref(), Some(&object));
        }
        asm.emit(Insn::ReturnValue);
        let handler = asm.here();
        asm.emit(Insn::Store(2));
        let ite = asm.class("java/lang/reflect/InvocationTargetException");
        asm.emit(Insn::New(ite));
        asm.emit(Insn::Dup);
        asm.load(2);
        asm.invokespecial(
            "java/lang/reflect/InvocationTargetException",
            "<init>",
            "(Ljava/lang/Throwable;)V",
            false,
        );
        asm.emit(Insn::Athrow);
        asm.handler(call, after, handler, Some("java/lang/Throwable"));
        for (branches, message) in [
            (
                wrong_receiver,
                Some("object is not an instance of declaring class"),
            ),
            (mismatch, Some("argument type mismatch")),
            (null_primitive, None),
        ] {
            if branches.is_empty() {
                continue;
            }
            let at = asm.here();
            for b in branches {
                asm.patch(b, Insn::If(Cond::Eq, at));
            }
            throw_new(&mut asm, "java/lang/IllegalArgumentException", message);
        }
        let method = asm.finish(
            "adapt",
            "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;",
            access::PUBLIC | access::STATIC,
        );
        let object_class = self
            .classes
            .load("java/lang/Object")
            .map_err(|e| e.to_string())?;
        let spec = SyntheticClass {
            // Named for the target, so that the name is the same in every VM.
            name: format!(
                "jdk/internal/rpf/Reflect${}${}",
                owner.replace('/', "$"),
                self.classes.get(m.class).method_index(target)
            ),
            super_class: object_class,
            interfaces: Vec::new(),
            fields: Vec::new(),
            methods: vec![method],
            pool: asm.pool,
            loader: Loader::Boot,
        };
        let (class, adapter) = self.define_with_entry(spec, "adapt")?;
        self.mark_initialized(class);
        self.adapters.insert((target, constructor), adapter);
        Ok(adapter)
    }
}

/// Emits `throw new <class>(message)`.
fn throw_new(asm: &mut Asm, class: &str, message: Option<&str>) {
    let c = asm.class(class);
    asm.emit(Insn::New(c));
    asm.emit(Insn::Dup);
    match message {
        Some(text) => {
            let units: Vec<u16> = text.encode_utf16().collect();
            let constant = asm.string(&units);
            asm.emit(Insn::Ldc(constant));
            asm.invokespecial(class, "<init>", "(Ljava/lang/String;)V", false);
        }
        None => asm.invokespecial(class, "<init>", "()V", false),
    }
    asm.emit(Insn::Athrow);
}

/// The primitive types whose values widen to `t` (JLS 5.1.2), `t` first: what a reflective
/// call accepts, boxed, for a parameter of type `t`.
fn widening_sources(t: &FieldType) -> &'static [FieldType] {
    use FieldType as F;
    match t {
        F::Short => &[F::Short, F::Byte],
        F::Int => &[F::Int, F::Char, F::Short, F::Byte],
        F::Long => &[F::Long, F::Int, F::Char, F::Short, F::Byte],
        F::Float => &[F::Float, F::Long, F::Int, F::Char, F::Short, F::Byte],
        F::Double => &[
            F::Double,
            F::Float,
            F::Long,
            F::Int,
            F::Char,
            F::Short,
            F::Byte,
        ],
        F::Boolean => &[F::Boolean],
        F::Byte => &[F::Byte],
        F::Char => &[F::Char],
        _ => &[],
    }
}

/// Converts the `Object` argument on the stack to parameter type `t` as HotSpot's
/// reflection does: a reference must be an instance of `t` (or null); a primitive must come
/// boxed in a wrapper whose value widens to `t`. Anything else branches to an `If(Eq)`
/// pushed on `mismatch`, and a null for a primitive to one pushed on `null_primitive`, for
/// the caller to point at its IllegalArgumentExceptions; the operand stack there is not
/// used.
fn reflective_argument(
    asm: &mut Asm,
    t: &FieldType,
    mismatch: &mut Vec<u32>,
    null_primitive: &mut Vec<u32>,
) {
    if t.is_reference() {
        let name = t.class_name();
        if &*name == "java/lang/Object" {
            return;
        }
        asm.emit(Insn::Dup);
        let null = asm.emit(Insn::IfNull(0));
        asm.emit(Insn::Dup);
        let c = asm.class(&name);
        asm.emit(Insn::InstanceOf(c));
        mismatch.push(asm.emit(Insn::If(Cond::Eq, 0)));
        asm.patch(null, Insn::IfNull(asm.here()));
        asm.checkcast(&name);
        return;
    }
    asm.emit(Insn::Dup);
    let non_null = asm.emit(Insn::IfNonNull(0));
    asm.emit(Insn::Iconst(0));
    null_primitive.push(asm.emit(Insn::If(Cond::Eq, 0)));
    asm.patch(non_null, Insn::IfNonNull(asm.here()));
    let mut done = Vec::new();
    for source in widening_sources(t) {
        let (wrapper, _) = crate::assembler::wrapper_of(source);
        asm.emit(Insn::Dup);
        let c = asm.class(wrapper);
        asm.emit(Insn::InstanceOf(c));
        let next = asm.emit(Insn::If(Cond::Eq, 0));
        let boxed = FieldType::Object(wrapper.into());
        asm.convert(Some(&boxed), Some(source));
        asm.convert(Some(source), Some(t));
        done.push(asm.emit(Insn::Goto(0)));
        asm.patch(next, Insn::If(Cond::Eq, asm.here()));
    }
    // No wrapper fits: compare 0 with 0 to take the mismatch branch.
    asm.emit(Insn::Iconst(0));
    mismatch.push(asm.emit(Insn::If(Cond::Eq, 0)));
    let end = asm.here();
    for d in done {
        asm.patch(d, Insn::Goto(end));
    }
}
