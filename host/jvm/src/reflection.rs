//! Core reflection: `java.lang.reflect.Field`, `Method` and `Constructor` objects created the
//! way HotSpot creates them, and generated adapter methods that `Method.invoke` and
//! `Constructor.newInstance` run (unboxing arguments, boxing the result, and wrapping
//! exceptions in InvocationTargetException).

use super::assembler::Asm;
use super::class::{ClassId, MethodId};
use super::loader::{LinkError, SyntheticClass};
use super::value::{Ref, Value};
use crate::classfile::{access, FieldType, Insn};
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
        } else if !m.is_static() {
            asm.load(0);
            asm.checkcast(&owner);
        }
        let object = FieldType::Object("java/lang/Object".into());
        for (i, p) in m.params.iter().enumerate() {
            asm.load(1);
            asm.emit(Insn::Iconst(i as i32));
            asm.emit(Insn::ArrayLoad);
            asm.convert(Some(&object), Some(p));
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
